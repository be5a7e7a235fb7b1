/**
 * A person sends a sticker of a set no message ever brought them, by the set's name and the
 * sticker's position (ADR 0090): through the control API (`sticker_set`, `sticker_index`) and
 * `parley send --sticker-set NAME --sticker-index N`. The bot gets the sticker as in its set (its
 * own file_id, the set's name and emoji, read with grammY); refusals name what is wrong and send
 * nothing.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { cliRunner, controlFailure } from './helpers/cli-runner.js';
import { png } from './helpers/media-bytes.js';
import { getSet, stickerKit, type Sticker } from './helpers/stickers.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = stickerKit(() => server);
const cli = cliRunner(() => server, mkdtempSync(join(tmpdir(), 'parley-sticker-set-')));

/** A set of two stickers made by a bot for Olga, and Bob in a group with the bot. */
async function scene(prefix: string) {
  const owner = await person('Olga');
  // A bot that reads every message of its groups (privacy mode off), so that it hears stickers.
  const b = await bot(prefix, { can_read_all_group_messages: true });
  const setName = `cats_by_${b.record.username}`;
  await b.api.createNewStickerSet(owner.id, setName, 'Cats', [
    { sticker: new InputFile(png(512, 512), 'a.png'), format: 'static', emoji_list: ['😺'] },
    { sticker: new InputFile(png(512, 400), 'b.png'), format: 'static', emoji_list: ['🙀'] },
  ]);
  const set = await getSet(b, setName);
  const bob = await person('Bob');
  const group = await server.control.createChat({
    owner: owner.id,
    title: 'Cat lovers',
    type: 'supergroup',
    members: [bob.id, b.record.id],
  });
  await b.updates();
  return { owner, b, setName, set, bob, group };
}

/** The sticker of the bot's next message update. */
async function nextSticker(b: Awaited<ReturnType<typeof scene>>['b']) {
  const updates = await b.updates();
  const message = updates.find((update) => update.message)?.message as { sticker?: Sticker } | undefined;
  return message?.sticker;
}

describe('a person sends a sticker of a set by its name and position', () => {
  it('through the control API: the bot gets it as in its set, under its own file_id', async () => {
    const { b, setName, set, bob, group } = await scene('fromset');
    // Bob never received a sticker of the set.
    expect(await server.control.listMessages({ user: bob.id, chat: group.id })).not.toContainEqual(
      expect.objectContaining({ sticker: expect.anything() }),
    );
    const sent = await server.control.sendSticker({
      from: bob.id,
      chat: group.id,
      sticker_set: setName.toUpperCase(),
      sticker_index: 1,
    });
    const mine = (sent as unknown as { sticker: Sticker }).sticker;
    expect(mine).toMatchObject({ emoji: '🙀', set_name: setName, width: 512, height: 400 });
    expect(mine.file_unique_id).toBe(set.stickers[1]!.file_unique_id);
    // The sender's file_id is their own, and sends it again.
    expect(mine.file_id).not.toBe(set.stickers[1]!.file_id);
    await server.control.sendSticker({ from: bob.id, chat: group.id, sticker: mine.file_id });

    const updates = await b.updates();
    const stickers = updates.flatMap((u) => (u.message ? [(u.message as { sticker: Sticker }).sticker] : []));
    expect(stickers).toHaveLength(2);
    for (const got of stickers) {
      expect(got).toMatchObject({
        file_id: set.stickers[1]!.file_id,
        emoji: '🙀',
        set_name: setName,
        type: 'regular',
      });
    }
    // The bot's file_id downloads the sticker through grammY.
    expect((await b.api.getFile(stickers[0]!.file_id)).file_unique_id).toBe(set.stickers[1]!.file_unique_id);
  });

  it('with parley send --sticker-set NAME --sticker-index N', async () => {
    const { b, setName, set, bob, group } = await scene('fromsetcli');
    /** `parley send` as Bob into the group, with `what`. */
    const send = (...what: string[]) =>
      cli('send', '--from', bob.phone_number!, '--to', String(group.id), ...what);
    const out = await send('--sticker-set', setName, '--sticker-index', '0', '--json');
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({ sticker: { emoji: '😺', set_name: setName } });
    expect(await nextSticker(b)).toMatchObject({ file_id: set.stickers[0]!.file_id, emoji: '😺' });

    const plain = await send('--sticker-set', setName, '--sticker-index', '1');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/from Bob\] <sticker>/);

    // The index is required, from 0, and goes only with --sticker-set.
    const missing = await send('--sticker-set', setName);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('missing --sticker-index');
    const negative = await send('--sticker-set', setName, '--sticker-index=-1');
    expect(negative.stderr).toContain('--sticker-index must be an integer of at least 0');
    const stray = await send('--text', 'hi', '--sticker-index', '0');
    expect(stray.stderr).toContain('--sticker-index goes with --sticker-set');
    // Past the end of the set: the server's words.
    const past = await send('--sticker-set', setName, '--sticker-index', '2');
    expect(past.code).not.toBe(0);
    expect(past.stderr).toContain('sticker_index must be 0 to 1: the set has 2 stickers');
    expect(await nextSticker(b)).toMatchObject({ emoji: '🙀' });
    expect(await b.updates()).toEqual([]);
  });

  it('refuses what names no sticker, and sends nothing', async () => {
    const { owner, b, setName, bob, group } = await scene('fromsetno');
    const send = (params: Record<string, unknown>) =>
      controlFailure(server.control.sendSticker({ from: bob.id, chat: group.id, ...params }));
    expect(await send({ sticker_set: 'no_such_set_by_anyone', sticker_index: 0 })).toMatchObject({
      status: 400,
      message: 'sticker set not found',
    });
    expect(await send({ sticker_set: setName, sticker_index: 2 })).toMatchObject({
      status: 400,
      message: 'sticker_index must be 0 to 1: the set has 2 stickers',
    });
    expect(await send({ sticker_set: setName })).toMatchObject({
      status: 400,
      message: 'sticker_set needs sticker_index',
    });
    expect(await send({})).toMatchObject({
      status: 400,
      message: 'give either sticker or sticker_set (with sticker_index)',
    });
    expect(await send({ sticker: 'x', sticker_set: setName, sticker_index: 0 })).toMatchObject({
      status: 400,
    });
    expect(await send({ sticker_set: setName, sticker_index: -1 })).toMatchObject({ status: 400 });

    // Custom emoji go in text, not as stickers.
    const emojiSet = `emoji_by_${b.record.username}`;
    await b.api.createNewStickerSet(
      owner.id,
      emojiSet,
      'Emoji',
      [{ sticker: new InputFile(png(100, 100), 'e.png'), format: 'static', emoji_list: ['⭐'] }],
      { sticker_type: 'custom_emoji' },
    );
    expect(await send({ sticker_set: emojiSet, sticker_index: 0 })).toMatchObject({
      status: 400,
      message: 'custom emoji are sent in a text, not as a sticker',
    });

    // A member who may not send stickers is refused as for any sticker.
    await server.control.restrictChatMember({
      by: owner.id,
      chat: group.id,
      user: bob.id,
      permissions: { can_send_messages: true, can_send_other_messages: false },
      use_independent_chat_permissions: true,
    });
    expect((await send({ sticker_set: setName, sticker_index: 0 })).status).toBe(403);
    expect(await b.updates()).toEqual([]);
  });
});
