/**
 * Stickers and custom emoji over real HTTP with grammY (ADR 0046): a bot uploads sticker files and
 * makes a set for a person, adds, moves, replaces and deletes stickers, changes emoji, keywords,
 * title and thumbnail, sends a sticker of the set, and the person sends it back by their own
 * file_id (control API and `parley send --sticker`). Custom emoji sets resolve custom_emoji
 * entities (getCustomEmojiStickers); the forum topic icons are real images. Refusals answer the
 * platform's texts and change nothing.
 */
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/run-cli.js';
import { ADMIN_TOKEN, startServer, type TestServer } from './helpers/in-process.js';
import { failure } from './helpers/groups.js';
import { png } from './helpers/media-bytes.js';
import { getSet, stickerKit, type Sticker } from './helpers/stickers.js';
import { tgs, webm, webp } from './helpers/sticker-bytes.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { bot, ownerAndBot } = stickerKit(() => server);
const control = () => server.control;

describe('sticker sets', () => {
  it('makes a set from uploaded files and changes it: add, move, emoji, keywords, title, thumbnail, replace, delete', async () => {
    const { owner, b, setName } = await ownerAndBot('stick');
    const uploaded = await b.api.uploadStickerFile(owner.id, 'static', new InputFile(png(512, 512), 'a.png'));
    expect(uploaded.file_path).toMatch(/^stickers\/file_\d+\.png$/);

    expect(
      await b.api.createNewStickerSet(owner.id, setName, 'Cats', [
        { sticker: uploaded.file_id, format: 'static', emoji_list: ['😺'] },
        {
          sticker: new InputFile(png(512, 480), 'b.png'),
          format: 'static',
          emoji_list: ['🐱', '😸'],
          keywords: ['cat'],
        },
      ]),
    ).toBe(true);
    let set = await getSet(b, setName.toUpperCase());
    expect(set).toMatchObject({ name: setName, title: 'Cats', sticker_type: 'regular' });
    expect(set.stickers.map((s) => [s.emoji, s.width, s.height, s.set_name, s.type])).toEqual([
      ['😺', 512, 512, setName, 'regular'],
      ['🐱', 512, 480, setName, 'regular'],
    ]);
    expect(set.stickers[0]!.file_unique_id).toBe(uploaded.file_unique_id);

    // An animated sticker at the end, then moved to the front.
    await b.api.addStickerToSet(owner.id, setName, {
      sticker: new InputFile(tgs(), 'c.tgs'),
      format: 'animated',
      emoji_list: ['🙀'],
    });
    set = await getSet(b, setName);
    const animated = set.stickers[2]!;
    expect(animated).toMatchObject({
      is_animated: true,
      is_video: false,
      width: 512,
      height: 512,
      emoji: '🙀',
    });
    // Sent by its file_id, an animated sticker stays animated.
    expect((await b.api.sendSticker(owner.id, animated.file_id)).sticker).toMatchObject({
      is_animated: true,
      set_name: setName,
    });
    await b.api.setStickerPositionInSet(animated.file_id, 0);
    set = await getSet(b, setName);
    expect(set.stickers.map((s) => s.emoji)).toEqual(['🙀', '😺', '🐱']);
    // The same file again leaves the set as it is.
    await b.api.addStickerToSet(owner.id, setName, {
      sticker: uploaded.file_id,
      format: 'static',
      emoji_list: ['😺'],
    });
    expect((await getSet(b, setName)).stickers).toHaveLength(3);

    await b.api.setStickerEmojiList(set.stickers[1]!.file_id, ['😻', '❤️']);
    await b.api.setStickerKeywords(set.stickers[1]!.file_id, ['love', 'cat']);
    await b.api.setStickerSetTitle(setName, 'Cats and more');
    await b.api.setStickerSetThumbnail(setName, owner.id, new InputFile(png(100, 100), 't.png'), 'static');
    set = await getSet(b, setName);
    expect(set.title).toBe('Cats and more');
    // More than the documented 64 characters is refused, not cut (ADR 0071), and changes nothing.
    expect(await failure(b.api.setStickerSetTitle(setName, 't'.repeat(65)))).toMatchObject({
      code: 400,
      description: 'Bad Request: sticker set title is too long',
    });
    expect((await getSet(b, setName)).title).toBe('Cats and more');
    expect(set.stickers[1]!.emoji).toBe('😻');
    expect(set.thumbnail).toMatchObject({ width: 100, height: 100 });

    // A video sticker takes the place of the second one.
    await b.api.replaceStickerInSet(owner.id, setName, set.stickers[1]!.file_id, {
      sticker: new InputFile(webm({ width: 512, height: 400 }), 'd.webm'),
      format: 'video',
      emoji_list: ['🎥'],
    });
    set = await getSet(b, setName);
    expect(set.stickers.map((s) => [s.emoji, s.is_video])).toEqual([
      ['🙀', false],
      ['🎥', true],
      ['🐱', false],
    ]);
    expect(set.stickers[1]).toMatchObject({ width: 512, height: 400 });

    await b.api.deleteStickerFromSet(set.stickers[0]!.file_id);
    set = await getSet(b, setName);
    expect(set.stickers.map((s) => s.emoji)).toEqual(['🎥', '🐱']);

    // The set's sticker downloads as the bytes uploaded.
    const file = await b.api.getFile(set.stickers[1]!.file_id);
    expect(file.file_path).toMatch(/^stickers\/.+\.png$/);

    await b.api.deleteStickerSet(setName);
    expect(await failure(b.api.getStickerSet(setName))).toMatchObject({
      code: 400,
      description: 'Bad Request: STICKERSET_INVALID',
    });
  });

  it('sends a sticker of the set; the person sends it back by their own file_id, also with parley send --sticker', async () => {
    const { owner, b, setName } = await ownerAndBot('sendst');
    await b.api.createNewStickerSet(owner.id, setName, 'Send', [
      { sticker: new InputFile(png(512, 512), 'a.png'), format: 'static', emoji_list: ['👍'] },
    ]);
    const [sticker] = (await getSet(b, setName)).stickers;
    const sent = await b.api.sendSticker(owner.id, sticker!.file_id);
    expect(sent.sticker).toMatchObject({ emoji: '👍', set_name: setName, type: 'regular', width: 512 });
    expect(sent.sticker!.file_id).toBe(sticker!.file_id);

    const [seen] = await control().listMessages({ user: owner.id, chat: `@${b.record.username}`, limit: 1 });
    const theirs = (seen as unknown as { sticker: Sticker }).sticker;
    expect(theirs.file_unique_id).toBe(sticker!.file_unique_id);
    expect(theirs.file_id).not.toBe(sticker!.file_id);

    await control().sendSticker({ from: owner.id, chat: `@${b.record.username}`, sticker: theirs.file_id });
    const [update] = await b.updates();
    const got = (update!.message as { sticker: Sticker }).sticker;
    expect(got).toMatchObject({ file_id: sticker!.file_id, set_name: setName, emoji: '👍' });

    // The command line, as the issue names it.
    const out: string[] = [];
    const code = await runCli(
      [
        'send',
        '--from',
        owner.phone_number!,
        '--to',
        `@${b.record.username}`,
        '--sticker',
        theirs.file_id,
        '--json',
      ],
      {
        env: { PARLEY_URL: server.url, PARLEY_ADMIN_TOKEN: ADMIN_TOKEN },
        cwd: process.cwd(),
        stdout: (line) => out.push(line),
        stderr: (line) => out.push(line),
      },
    );
    expect(code).toBe(0);
    expect(JSON.parse(out.join('\n'))).toMatchObject({ sticker: { set_name: setName } });
    expect(((await b.updates())[0]!.message as { sticker: Sticker }).sticker.file_unique_id).toBe(
      sticker!.file_unique_id,
    );

    // Someone else's file_id is not the person's.
    expect(
      await control()
        .sendSticker({ from: owner.id, chat: `@${b.record.username}`, sticker: sticker!.file_id })
        .catch((error: { status: number }) => error.status),
    ).toBe(400);

    // A new upload and a WEBP by its bytes, with its emoji.
    const fresh = await b.api.sendSticker(owner.id, new InputFile(webp(512, 256), 'x.webp'), { emoji: '🔥' });
    expect(fresh.sticker).toMatchObject({ width: 512, height: 256, emoji: '🔥', type: 'regular' });
    expect(fresh.sticker).not.toHaveProperty('set_name');
  });

  it('refuses what breaks the rules with the platform texts, and a refused call changes nothing', async () => {
    const { owner, b, setName } = await ownerAndBot('rules');
    const other = await bot('intruder');
    const ok = {
      sticker: new InputFile(png(512, 512), 'a.png'),
      format: 'static' as const,
      emoji_list: ['🙂'],
    };
    const refused = async (call: Promise<unknown>) => (await failure(call)).description;

    expect(await refused(b.api.createNewStickerSet(owner.id, 'cats', 'T', [ok]))).toBe(
      'Bad Request: sticker set name invalid',
    );
    expect(
      await refused(b.api.createNewStickerSet(owner.id, `a__b_by_${b.record.username}`, 'T', [ok])),
    ).toBe('Bad Request: sticker set name invalid');
    expect(
      await refused(b.api.createNewStickerSet(owner.id, `x_by_${other.record.username}`, 'T', [ok])),
    ).toBe('Bad Request: sticker set name invalid');
    const many = Array.from({ length: 51 }, () => ({
      sticker: 'x',
      format: 'static' as const,
      emoji_list: ['🙂'],
    }));
    expect(await refused(b.api.createNewStickerSet(owner.id, setName, 'T', many))).toBe(
      'Bad Request: STICKERS_TOO_MUCH',
    );
    const small = { ...ok, sticker: new InputFile(png(300, 300), 's.png') };
    expect(await refused(b.api.createNewStickerSet(owner.id, setName, 'T', [small]))).toBe(
      'Bad Request: STICKER_PNG_DIMENSIONS',
    );
    expect(
      await refused(b.api.createNewStickerSet(owner.id, setName, 'T', [{ ...ok, emoji_list: ['x'] }])),
    ).toBe('Bad Request: invalid sticker emojis');
    expect(
      await refused(
        b.api.uploadStickerFile(owner.id, 'animated', new InputFile(tgs({ frames: 300 }), 'l.tgs')),
      ),
    ).toBe('Bad Request: STICKER_TGS_NOTGS');
    expect(
      await refused(
        b.api.uploadStickerFile(owner.id, 'video', new InputFile(webm({ seconds: 5 }), 'l.webm')),
      ),
    ).toBe('Bad Request: STICKER_VIDEO_LONG');
    expect(await refused(b.api.uploadStickerFile(owner.id, 'static', new InputFile(tgs(), 'x.tgs')))).toBe(
      'Bad Request: STICKER_PNG_NOPNG',
    );
    // Nothing was made by the refused calls.
    expect(await refused(b.api.getStickerSet(setName))).toBe('Bad Request: STICKERSET_INVALID');

    await b.api.createNewStickerSet(owner.id, setName, 'Rules', [ok]);
    expect(await refused(b.api.createNewStickerSet(owner.id, setName, 'Again', [ok]))).toBe(
      'Bad Request: sticker set name is already occupied',
    );
    const before = await getSet(b, setName);
    // Another bot can read the set but not change it.
    expect((await getSet(other, setName)).stickers).toHaveLength(1);
    expect(await refused(other.api.setStickerSetTitle(setName, 'Mine'))).toBe(
      'Bad Request: STICKERSET_INVALID',
    );
    expect(
      await refused(
        b.api.addStickerToSet(owner.id, setName, { ...ok, sticker: new InputFile(png(200, 100), 'z.png') }),
      ),
    ).toBe('Bad Request: STICKER_PNG_DIMENSIONS');
    expect(
      await refused(
        b.api.setStickerMaskPosition(before.stickers[0]!.file_id, {
          point: 'eyes',
          x_shift: 0,
          y_shift: 0,
          scale: 1,
        }),
      ),
    ).toBe('Bad Request: STICKER_MASK_COORDS_NOT_SUPPORTED');
    expect(
      await refused(
        b.api.setStickerSetThumbnail(
          setName,
          owner.id,
          new InputFile(tgs({ w: 100, h: 100 }), 't.tgs'),
          'animated',
        ),
      ),
    ).toBe('Bad Request: the thumbnail format must match the format of the stickers in the set');
    expect(await getSet(b, setName)).toEqual(before);
  });
});
