/**
 * People send photos and documents through the control API (and `parley send --photo/--document`),
 * and every viewer of a file gets its own file_id (ADR 0040): the bot that receives a person's
 * photo, each of two bots in a group, a bot added after the photo was sent, and the person. Each
 * bot's id works with getFile, the download route and sending again; another viewer's does not.
 * Over real HTTP with grammY's Api.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Api, GrammyError, InputFile } from 'grammy';
import type { Message, PhotoSize } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { cliRunner, controlFailure } from './helpers/cli-runner.js';
import { groupKit, type TestBot } from './helpers/groups.js';
import { png } from './helpers/media-bytes.js';
import { waitFor } from './helpers/wait-for.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);

/** The bot's next `message` update (earlier updates of other types are skipped). */
async function nextMessage(b: TestBot): Promise<Message> {
  return waitFor(
    async () => {
      for (const update of await b.updates()) {
        if (update.message) return update.message as unknown as Message;
      }
      return undefined;
    },
    { what: `a message for @${b.record.username}` },
  );
}

async function download(token: string, filePath: string) {
  const response = await fetch(`${server.url}/file/bot${token}/${filePath}`);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function failure(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => undefined,
    (failed: unknown) => failed,
  );
  expect(error).toBeInstanceOf(GrammyError);
  return (error as GrammyError).description;
}

/** A photo size: the bot gets and downloads it, a JPEG (photos are re-encoded, ADR 0081). */
async function fetchesJpeg(b: TestBot, fileId: string) {
  const file = await b.api.getFile(fileId);
  expect(file.file_path).toMatch(/^photos\/file_\d+\.jpg$/);
  const { status, bytes } = await download(b.token, file.file_path!);
  expect(status).toBe(200);
  expect([bytes.length, bytes[0], bytes[1]]).toEqual([file.file_size, 0xff, 0xd8]);
}

/** The bot gets the file by its file_id and downloads the bytes. */
async function fetchesBytes(b: TestBot, fileId: string, expected: Buffer, folder: string) {
  const file = await b.api.getFile(fileId);
  expect(file.file_id).toBe(fileId);
  expect(file.file_path).toMatch(new RegExp(`^${folder}/file_\\d+\\.\\w+$`));
  const { status, bytes } = await download(b.token, file.file_path!);
  expect(status).toBe(200);
  expect(bytes.equals(expected)).toBe(true);
  return file.file_path!;
}

describe("a person's photo and document", () => {
  it('reach the bot with its own working file_id, the real size and the caption', async () => {
    const alice = await person('Alice');
    const b = await bot('pm');
    const image = png(7, 5);

    const sent = await server.control.sendMedia({
      from: alice.id,
      chat: `@${b.record.username}`,
      photo: { data: image },
      caption: 'look /start',
    });
    const [seen] = sent.photo as PhotoSize[];
    expect(seen).toMatchObject({ width: 7, height: 5 });
    expect(sent.caption).toBe('look /start');
    expect(sent.caption_entities).toEqual([{ type: 'bot_command', offset: 5, length: 6 }]);

    const got = await nextMessage(b);
    expect(got.message_id).toBe(sent.message_id);
    expect(got.from?.id).toBe(alice.id);
    expect(got.caption).toBe('look /start');
    const [size] = got.photo!;
    expect(Object.keys(size!)).toEqual(['file_id', 'file_unique_id', 'file_size', 'width', 'height']);
    expect(size).toMatchObject({ width: 7, height: 5 });
    expect(size!.file_unique_id).toBe(seen!.file_unique_id);
    expect(size!.file_id).toMatch(/^AgAC[A-Za-z0-9_-]{68}$/);
    // The person sees the file by an id of their own, which no bot can use.
    expect(size!.file_id).not.toBe(seen!.file_id);
    expect(await failure(b.api.getFile(seen!.file_id))).toBe('Bad Request: invalid file_id');

    await fetchesJpeg(b, size!.file_id);
    // Sending it back by the bot's id works, and the person sees the same file by their own id.
    const back = await b.api.sendPhoto(alice.id, size!.file_id, { caption: 'yours' });
    expect(back.photo![0]!.file_id).toBe(size!.file_id);
    const [listed] = await server.control.listMessages({
      user: alice.id,
      chat: `@${b.record.username}`,
      limit: 1,
    });
    expect((listed!.photo as PhotoSize[])[0]!.file_id).toBe(seen!.file_id);

    const notes = Buffer.from('meeting notes\n');
    const doc = await server.control.sendMedia({
      from: alice.id,
      chat: `@${b.record.username}`,
      document: { data: notes, filename: 'notes.txt' },
      reply_to_message_id: back.message_id,
    });
    const gotDoc = await nextMessage(b);
    expect(gotDoc.message_id).toBe(doc.message_id);
    expect(gotDoc.reply_to_message?.message_id).toBe(back.message_id);
    // The replied photo inside the update is the bot's view too.
    expect(gotDoc.reply_to_message?.photo?.[0]?.file_id).toBe(size!.file_id);
    expect(gotDoc.caption).toBeUndefined();
    expect(gotDoc.document).toMatchObject({ file_name: 'notes.txt', mime_type: 'text/plain', file_size: 14 });
    expect(Object.keys(gotDoc.document!)).toEqual([
      'file_name',
      'mime_type',
      'file_id',
      'file_unique_id',
      'file_size',
    ]);
    await fetchesBytes(b, gotDoc.document!.file_id, notes, 'documents');
  });

  it('give each of two bots in a group its own file_id, also to a bot added later', async () => {
    const owner = await person('Owner');
    const first = await bot('gfirst', { can_read_all_group_messages: true });
    const second = await bot('gsecond', { can_read_all_group_messages: true });
    const chat = await server.control.createChat({
      owner: owner.id,
      title: 'Photos',
      type: 'supergroup',
      members: [first.record.id, second.record.id],
    });
    for (const b of [first, second]) await b.updates();
    const image = png(12, 9);

    const sent = await server.control.sendMedia({
      from: owner.id,
      chat: String(chat.id),
      photo: { data: image },
    });
    const [a, b] = await Promise.all([nextMessage(first), nextMessage(second)]);
    const idA = a.photo![0]!.file_id;
    const idB = b.photo![0]!.file_id;
    expect(a.photo![0]!.file_unique_id).toBe(b.photo![0]!.file_unique_id);
    expect(new Set([idA, idB, (sent.photo as PhotoSize[])[0]!.file_id]).size).toBe(3);

    await fetchesJpeg(first, idA);
    await fetchesJpeg(second, idB);
    // Neither bot can use the other's id.
    expect(await failure(first.api.getFile(idB))).toBe('Bad Request: invalid file_id');
    expect(await failure(second.api.sendPhoto(chat.id, idA))).toBe(
      'Bad Request: wrong file identifier/HTTP URL specified',
    );

    // The first bot sends the photo again; a person replies to it; a bot added only now gets the
    // reply, with the replied photo under its own working file_id.
    const fromFirst = await first.api.sendPhoto(chat.id, idA, { caption: 'again' });
    expect(fromFirst.photo![0]!.file_id).toBe(idA);
    const late = await bot('glate', { can_read_all_group_messages: true });
    await server.control.addChatMember({ by: owner.id, chat: chat.id, user: late.record.id });
    await late.updates();
    await server.control.sendMessage({
      from: owner.id,
      chat: String(chat.id),
      text: 'nice one',
      reply_to_message_id: fromFirst.message_id,
    });
    const reply = await nextMessage(late);
    const idLate = reply.reply_to_message!.photo![0]!.file_id;
    expect([idA, idB]).not.toContain(idLate);
    await fetchesJpeg(late, idLate);
    expect(await failure(late.api.getFile(idA))).toBe('Bad Request: invalid file_id');
  });

  it('are refused with the control API codes, storing no message', async () => {
    const alice = await person('Alice');
    const b = await bot('pmerr');
    const chat = `@${b.record.username}`;
    await server.control.sendMessage({ from: alice.id, chat, text: 'hi' });
    const count = async () => (await server.control.listMessages({ user: alice.id, chat })).length;
    const before = await count();
    const image = { data: png(2, 2) };

    expect(await controlFailure(server.control.sendMedia({ from: alice.id, chat }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
      message: 'give exactly one of photo, document, voice, audio, video, video_note',
    });
    expect(
      await controlFailure(
        server.control.sendMedia({
          from: alice.id,
          chat,
          photo: image,
          document: { ...image, filename: 'a.png' },
        }),
      ),
    ).toMatchObject({
      status: 400,
      message: 'give exactly one of photo, document, voice, audio, video, video_note',
    });
    expect(
      await controlFailure(
        server.control.sendMedia({ from: alice.id, chat, photo: { data_base64: 'not base64!' } }),
      ),
    ).toMatchObject({ status: 400, message: 'photo.data_base64 is not base64' });
    expect(
      await controlFailure(
        server.control.sendMedia({ from: alice.id, chat, photo: { data: Buffer.from('plain text') } }),
      ),
    ).toMatchObject({ status: 400, message: 'the photo is not a JPEG, PNG, GIF or WebP image' });
    expect(
      await controlFailure(
        server.control.sendMedia({
          from: alice.id,
          chat,
          document: { data: Buffer.from('x'), filename: '' },
        }),
      ),
    ).toMatchObject({ status: 400, message: 'filename is required' });
    expect(
      await controlFailure(
        server.control.sendMedia({ from: alice.id, chat, photo: image, reply_to_message_id: 999 }),
      ),
    ).toMatchObject({ status: 400, message: 'message to be replied not found' });
    expect(
      await controlFailure(
        server.control.sendMedia({ from: alice.id, chat, photo: image, caption: 'x'.repeat(1025) }),
      ),
    ).toMatchObject({ status: 400, message: 'caption is longer than 1024 characters' });
    expect(
      await controlFailure(
        server.control.sendMedia({ from: alice.id, chat: '-1009999999999', photo: image }),
      ),
    ).toMatchObject({
      status: 404,
      code: 'CHAT_NOT_FOUND',
    });
    // A member restricted to text cannot send photos in a supergroup.
    const owner = await person('Owner');
    const group = await server.control.createChat({
      owner: owner.id,
      title: 'Strict',
      type: 'supergroup',
      members: [alice.id],
    });
    await server.control.restrictChatMember({
      by: owner.id,
      chat: group.id,
      user: alice.id,
      permissions: { can_send_messages: true },
    });
    const inGroup = async () =>
      (await server.control.listMessages({ user: owner.id, chat: String(group.id) })).length;
    const groupBefore = await inGroup();
    expect(
      await controlFailure(
        server.control.sendMedia({ from: alice.id, chat: String(group.id), photo: image }),
      ),
    ).toEqual({ status: 403, code: 'CHAT_WRITE_FORBIDDEN', message: 'you may not send photos in this chat' });
    expect(await inGroup()).toBe(groupBefore);
    await server.control.blockBot({ user: alice.id, bot: b.record.id });
    expect(
      await controlFailure(server.control.sendMedia({ from: alice.id, chat, photo: image })),
    ).toMatchObject({
      status: 403,
      code: 'CHAT_WRITE_FORBIDDEN',
    });
    // A body over 1 MiB is taken (the route's own limit).
    await server.control.unblockBot({ user: alice.id, bot: b.record.id });
    const big = Buffer.alloc(2 * 1024 * 1024, 7);
    const sent = await server.control.sendMedia({
      from: alice.id,
      chat,
      document: { data: big, filename: 'big.bin' },
    });
    expect(sent.document).toMatchObject({ file_size: big.length, mime_type: 'application/octet-stream' });
    expect(await count()).toBe(before + 1);
  });

  it('are sent from files by parley send --photo and --document', async () => {
    const alice = await person('Alice');
    const b = await bot('pmcli');
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-send-'));
    try {
      const image = png(3, 4);
      writeFileSync(path.join(dir, 'pic.png'), image);
      writeFileSync(path.join(dir, 'report.csv'), 'a,b\n1,2\n');
      const parley = cliRunner(() => server, dir);
      const to = ['--from', String(alice.id), '--to', `@${b.record.username}`];

      const photo = await parley('send', ...to, '--photo', 'pic.png', '--caption', 'hello');
      expect(photo).toMatchObject({ code: 0, stderr: '' });
      expect(photo.stdout).toMatch(/^\[#\d+ from Alice\] <photo> hello$/);
      const got = await nextMessage(b);
      expect(got.photo![0]).toMatchObject({ width: 3, height: 4 });
      await fetchesJpeg(b, got.photo![0]!.file_id);

      const doc = await parley('send', ...to, '--document', 'report.csv', '--json');
      expect(doc.code).toBe(0);
      expect(JSON.parse(doc.stdout).document).toMatchObject({
        file_name: 'report.csv',
        mime_type: 'text/csv',
      });
      expect((await nextMessage(b)).document).toMatchObject({ file_name: 'report.csv' });

      const typed = await parley(
        'send',
        ...to,
        '--document',
        'report.csv',
        '--mime-type',
        'text/plain',
        '--json',
      );
      expect(JSON.parse(typed.stdout).document).toMatchObject({ mime_type: 'text/plain' });

      expect(await parley('send', ...to, '--photo', 'missing.png')).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('cannot read --photo missing.png: ENOENT'),
      });
      expect(await parley('send', ...to, '--photo', 'pic.png', '--text', 'hi')).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--text and --photo do not go together'),
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('per-viewer file_ids of bot uploads', () => {
  it('keep the uploader its own id; the person sees another that the bot cannot use', async () => {
    const alice = await person('Alice');
    const b = await bot('upl');
    await server.control.sendMessage({ from: alice.id, chat: `@${b.record.username}`, text: 'hi' });
    await b.updates();
    const api = new Api(b.token, { apiRoot: server.url });
    const image = png(5, 5);
    const sent = await api.sendPhoto(alice.id, new InputFile(image, 'x.png'));
    const [seen] = await server.control.listMessages({
      user: alice.id,
      chat: `@${b.record.username}`,
      limit: 1,
    });
    expect(seen!.message_id).toBe(sent.message_id);
    const personId = (seen!.photo as PhotoSize[])[0]!.file_id;
    expect(personId).not.toBe(sent.photo![0]!.file_id);
    expect((seen!.photo as PhotoSize[])[0]!.file_unique_id).toBe(sent.photo![0]!.file_unique_id);
    // The bot's own id keeps working; the person's is refused as the bot's input. (A download is
    // not the last request: the server's stop waits for a response still finishing at close.)
    await fetchesJpeg(b, sent.photo![0]!.file_id);
    expect(await failure(api.sendPhoto(alice.id, personId))).toBe(
      'Bad Request: wrong file identifier/HTTP URL specified',
    );
  });
});
