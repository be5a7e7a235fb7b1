/**
 * Custom emoji and supergroup sticker sets over real HTTP with grammY (ADR 0046): a custom emoji set
 * resolves custom_emoji entities (getCustomEmojiStickers), the forum topic icons are real images,
 * and a supergroup's sticker set shows in getChat (setChatStickerSet / deleteChatStickerSet).
 */
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure } from './helpers/groups.js';
import { png } from './helpers/media-bytes.js';
import { getSet, stickerKit, type Sticker } from './helpers/stickers.js';
import { tgs } from './helpers/sticker-bytes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { bot, ownerAndBot } = stickerKit(() => server);
const control = () => server.control;

describe('custom emoji', () => {
  it('a custom emoji set: ids, repainting, thumbnail, and custom_emoji entities resolved by getCustomEmojiStickers', async () => {
    const { owner, b } = await ownerAndBot('emoji');
    const name = `smiles_by_${b.record.username}`;
    await b.api.createNewStickerSet(
      owner.id,
      name,
      'Smiles',
      [
        { sticker: new InputFile(png(100, 100), 'a.png'), format: 'static', emoji_list: ['😀'] },
        { sticker: new InputFile(tgs({ w: 100, h: 100 }), 'b.tgs'), format: 'animated', emoji_list: ['😂'] },
      ],
      { sticker_type: 'custom_emoji', needs_repainting: true },
    );
    const set = await getSet(b, name);
    expect(set.sticker_type).toBe('custom_emoji');
    const ids = set.stickers.map((s) => s.custom_emoji_id!);
    expect(ids.every((id) => /^\d{19}$/.test(id))).toBe(true);
    expect(set.stickers[0]).toMatchObject({ type: 'custom_emoji', needs_repainting: true, width: 100 });
    // A 512 px image is not a custom emoji.
    expect(
      (
        await failure(
          b.api.addStickerToSet(owner.id, name, {
            sticker: new InputFile(png(512, 512), 'big.png'),
            format: 'static',
            emoji_list: ['😀'],
          }),
        )
      ).description,
    ).toBe('Bad Request: STICKER_PNG_DIMENSIONS');

    await b.api.setCustomEmojiStickerSetThumbnail(name, ids[1]!);
    expect((await getSet(b, name)).thumbnail).toMatchObject({ width: 100, height: 100 });

    // A message with the custom emoji; its entity's id names the sticker.
    const text = await b.api.sendMessage(owner.id, '😀 hi', {
      entities: [{ type: 'custom_emoji', offset: 0, length: 2, custom_emoji_id: ids[0]! }],
    });
    const entityId = (text.entities![0] as { custom_emoji_id: string }).custom_emoji_id;
    const resolved = (await b.api.getCustomEmojiStickers([entityId, '123', ids[1]!])) as unknown as Sticker[];
    expect(resolved.map((s) => s.custom_emoji_id)).toEqual([ids[0], ids[1]]);
    expect(resolved[0]).toMatchObject({
      set_name: name,
      emoji: '😀',
      file_unique_id: set.stickers[0]!.file_unique_id,
    });
    expect(
      (await failure(b.api.getCustomEmojiStickers(Array.from({ length: 201 }, () => '1')))).description,
    ).toBe('Bad Request: too many custom emoji identifiers specified');
  });

  it('getForumTopicIconStickers: custom emoji Parley ships, real PNG images', async () => {
    const b = await bot('icons');
    const icons = (await b.api.getForumTopicIconStickers()) as unknown as Sticker[];
    expect(icons.length).toBeGreaterThanOrEqual(6);
    expect(icons[0]).toMatchObject({ type: 'custom_emoji', width: 100, height: 100, is_animated: false });
    expect(new Set(icons.map((i) => i.custom_emoji_id)).size).toBe(icons.length);
    // The same set for every bot, made once.
    const again = (await (await bot('icons')).api.getForumTopicIconStickers()) as unknown as Sticker[];
    expect(again.map((i) => i.custom_emoji_id)).toEqual(icons.map((i) => i.custom_emoji_id));
    const file = await b.api.getFile(icons[0]!.file_id);
    const bytes = Buffer.from(
      await (await fetch(`${server.url}/file/bot${b.token}/${file.file_path}`)).arrayBuffer(),
    );
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const resolved = (await b.api.getCustomEmojiStickers([
      icons[2]!.custom_emoji_id!,
    ])) as unknown as Sticker[];
    expect(resolved[0]!.file_unique_id).toBe(icons[2]!.file_unique_id);
  });
});

describe('masks', () => {
  it('a mask set keeps mask positions; setStickerMaskPosition changes and removes them', async () => {
    const { owner, b } = await ownerAndBot('mask');
    const name = `faces_by_${b.record.username}`;
    const eyes = { point: 'eyes' as const, x_shift: -0.5, y_shift: 0.25, scale: 1.5 };
    await b.api.createNewStickerSet(
      owner.id,
      name,
      'Faces',
      [
        {
          sticker: new InputFile(png(512, 256), 'm.png'),
          format: 'static',
          emoji_list: ['😎'],
          mask_position: eyes,
        },
      ],
      { sticker_type: 'mask' },
    );
    let [mask] = (await b.api.getStickerSet(name)).stickers;
    expect(mask).toMatchObject({ type: 'mask', mask_position: eyes, emoji: '😎' });
    await b.api.setStickerMaskPosition(mask!.file_id, { point: 'chin', x_shift: 0, y_shift: 1, scale: 2 });
    [mask] = (await b.api.getStickerSet(name)).stickers;
    expect(mask!.mask_position).toEqual({ point: 'chin', x_shift: 0, y_shift: 1, scale: 2 });
    await b.api.setStickerMaskPosition(mask!.file_id);
    [mask] = (await b.api.getStickerSet(name)).stickers;
    expect(mask).not.toHaveProperty('mask_position');
    const wrong = { point: 'nose', x_shift: 0, y_shift: 0, scale: 1 } as unknown as typeof eyes;
    expect((await failure(b.api.setStickerMaskPosition(mask!.file_id, wrong))).description).toBe(
      'Bad Request: invalid mask position specified',
    );
  });
});

describe('a supergroup sticker set', () => {
  it('setChatStickerSet / deleteChatStickerSet: getChat shows it; rights and chat types refused', async () => {
    const { owner, b, setName } = await ownerAndBot('groupst');
    await b.api.createNewStickerSet(owner.id, setName, 'Group', [
      { sticker: new InputFile(png(512, 512), 'a.png'), format: 'static', emoji_list: ['🙂'] },
    ]);
    const chat = await control().createChat({ owner: owner.id, title: 'Stickers', type: 'supergroup' });
    await control().addChatMember({ by: owner.id, chat: chat.id, user: b.record.id });
    expect((await failure(b.api.setChatStickerSet(chat.id, setName))).description).toBe(
      'Bad Request: CHAT_ADMIN_REQUIRED',
    );
    await control().promoteChatMember({
      by: owner.id,
      chat: chat.id,
      user: b.record.id,
      rights: { can_change_info: true },
    });
    expect((await b.api.getChat(chat.id)) as unknown as Record<string, unknown>).toMatchObject({
      can_set_sticker_set: true,
    });
    expect((await failure(b.api.setChatStickerSet(chat.id, 'nothing_by_x'))).description).toBe(
      'Bad Request: STICKERSET_INVALID',
    );
    expect(await b.api.setChatStickerSet(chat.id, setName)).toBe(true);
    expect(((await b.api.getChat(chat.id)) as unknown as Record<string, unknown>).sticker_set_name).toBe(
      setName,
    );
    expect(await b.api.deleteChatStickerSet(chat.id)).toBe(true);
    expect(await b.api.getChat(chat.id)).not.toHaveProperty('sticker_set_name');

    const group = await control().createChat({ owner: owner.id, title: 'Small', type: 'group' });
    await control().addChatMember({ by: owner.id, chat: group.id, user: b.record.id });
    expect((await failure(b.api.setChatStickerSet(group.id, setName))).description).toBe(
      'Bad Request: method is available only for supergroups',
    );
  });
});
