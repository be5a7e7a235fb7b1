/**
 * Files over real HTTP: sendPhoto and sendDocument uploads (grammY and plain multipart), file_id
 * reuse, getFile, the download route, the reference's error texts, and that a refused call stores
 * nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Bot, GrammyError, InputFile } from 'grammy';
import type { Message } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { png } from './helpers/media-bytes.js';

/** The start of a baseline JPEG up to its frame header: enough for a thumbnail's checks. */
function jpegHeader(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), sof, Buffer.from([0xff, 0xd9])]);
}

let server: TestServer;
let token: string;
let chatId: number;
let phoneNumber: string;
let botName: string;
let bot: Bot;

beforeAll(async () => {
  server = await startServer();
  const made = await userAndBot(server, 'files');
  token = made.token;
  chatId = made.user.id;
  phoneNumber = made.user.phone_number;
  botName = made.bot.username;
  // A bot can only write to people who wrote to it first.
  await server.control.sendMessage({ from: phoneNumber, chat: `@${botName}`, text: 'hi' });
  bot = new Bot(token, { client: { apiRoot: server.url } });
});
afterAll(async () => {
  await server.close();
});

const messageCount = async () =>
  (await server.control.listMessages({ user: phoneNumber, chat: `@${botName}` })).length;

/** A multipart call through plain fetch; `files` are parts with a file name. */
async function multipart(
  method: string,
  fields: Record<string, string>,
  files: Record<string, [Buffer, string]>,
  botToken = token,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, [data, filename]] of Object.entries(files)) form.append(name, new Blob([data]), filename);
  const response = await fetch(`${server.url}/bot${botToken}/${method}`, { method: 'POST', body: form });
  return {
    status: response.status,
    body: (await response.json()) as { ok: boolean; result?: Message; description?: string },
  };
}

async function download(filePath: string, botToken = token, method = 'GET') {
  const response = await fetch(`${server.url}/file/bot${botToken}/${filePath}`, { method });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function expectBadRequest(call: Promise<unknown>, description: string) {
  const error = await call.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(error).toBeInstanceOf(GrammyError);
  expect((error as GrammyError).error_code).toBe(400);
  expect((error as GrammyError).description).toBe(description);
}

describe('sendPhoto', () => {
  const image = png(3, 2);
  let fileId = '';
  let fileSize = 0;

  it('stores an upload sent by grammY and answers a PhotoSize with the real size, re-encoded as JPEG', async () => {
    const sent = await bot.api.sendPhoto(chatId, new InputFile(image, 'a.png'), {
      caption: '<b>Hello</b> photo',
      parse_mode: 'HTML',
      has_spoiler: true,
      show_caption_above_media: true,
    });
    expect(sent.photo).toHaveLength(1);
    const [size] = sent.photo!;
    expect(Object.keys(size!)).toEqual(['file_id', 'file_unique_id', 'file_size', 'width', 'height']);
    // Smaller than the 90-px thumbnail: the photo is only itself (ADR 0081; photo-sizes.test.ts).
    expect(size).toMatchObject({ width: 3, height: 2 });
    fileSize = size!.file_size!;
    expect(size!.file_id).toMatch(/^[A-Za-z0-9_-]{50,}$/);
    expect(sent.caption).toBe('Hello photo');
    expect(sent.caption_entities).toEqual([{ type: 'bold', offset: 0, length: 5 }]);
    expect(sent.has_media_spoiler).toBe(true);
    expect(sent.show_caption_above_media).toBe(true);
    fileId = size!.file_id;

    // The person sees the photo message in the chat.
    const seen = await server.control.waitForMessage({ user: phoneNumber, chat: `@${botName}`, timeout: 5 });
    expect(seen.message_id).toBe(sent.message_id);
    expect(seen.caption).toBe('Hello photo');
  });

  it('sends the same photo again by file_id', async () => {
    const again = await bot.api.sendPhoto(chatId, fileId);
    expect(again.photo![0]!.file_id).toBe(fileId);
    expect(again.caption).toBeUndefined();
    // Uploading identical bytes again gives the same file, hence the same ids.
    const reupload = await bot.api.sendPhoto(chatId, new InputFile(image, 'other-name.png'));
    expect(reupload.photo![0]!.file_id).toBe(fileId);
  });

  it('gets the file and downloads its bytes', async () => {
    const file = await bot.api.getFile(fileId);
    expect(file).toEqual({
      file_id: fileId,
      file_unique_id: expect.stringMatching(/^AQAD/),
      file_size: fileSize,
      file_path: expect.stringMatching(/^photos\/file_\d+\.jpg$/),
    });
    const { response, bytes } = await download(file.file_path!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    expect(response.headers.get('content-length')).toBe(String(fileSize));
    expect(bytes.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);

    const head = await download(file.file_path!, token, 'HEAD');
    expect(head.response.status).toBe(200);
    expect(head.response.headers.get('content-length')).toBe(String(fileSize));
    expect(head.bytes.length).toBe(0);
    expect(server.logs.join('')).not.toContain(token.split(':')[1]);
  });

  it("refuses another bot's file_id and path", async () => {
    const other = await userAndBot(server, 'files_other');
    await server.control.sendMessage({
      from: other.user.phone_number,
      chat: `@${other.bot.username}`,
      text: 'hi',
    });
    const otherBot = new Bot(other.token, { client: { apiRoot: server.url } });
    await expectBadRequest(
      otherBot.api.sendPhoto(other.user.id, fileId),
      'Bad Request: wrong file identifier/HTTP URL specified',
    );
    await expectBadRequest(otherBot.api.getFile(fileId), 'Bad Request: invalid file_id');
    const { file_path: filePath } = await bot.api.getFile(fileId);
    const { response, bytes } = await download(filePath!, other.token);
    expect(response.status).toBe(404);
    expect(JSON.parse(bytes.toString())).toEqual({ ok: false, error_code: 404, description: 'Not Found' });
  });

  it('answers the reference texts and stores no message when refused', async () => {
    const before = await messageCount();
    await expectBadRequest(
      bot.api.raw.sendPhoto({ chat_id: chatId } as never),
      'Bad Request: there is no photo in the request',
    );
    await expectBadRequest(
      bot.api.sendPhoto(chatId, 'AgACnot-a-real-file-id'),
      'Bad Request: wrong file identifier/HTTP URL specified',
    );
    await expectBadRequest(
      bot.api.sendPhoto(chatId, new InputFile(Buffer.from('plain text, no image'), 'a.jpg')),
      'Bad Request: IMAGE_PROCESS_FAILED',
    );
    await expectBadRequest(
      bot.api.sendPhoto(chatId, new InputFile(png(105, 5), 'wide.png')),
      'Bad Request: PHOTO_INVALID_DIMENSIONS',
    );
    const tooBig = Buffer.concat([png(1, 1), Buffer.alloc(10 * 1024 * 1024)]);
    await expectBadRequest(
      bot.api.sendPhoto(chatId, new InputFile(tooBig, 'big.png')),
      'Bad Request: PHOTO_SAVE_FILE_INVALID',
    );
    await expectBadRequest(
      bot.api.sendPhoto(chatId, new InputFile(png(2, 2), 'a.png'), { caption: 'x'.repeat(1025) }),
      'Bad Request: message caption is too long',
    );
    await expectBadRequest(
      bot.api.sendPhoto(chatId, new InputFile(png(2, 2), 'a.png'), {
        caption: '*bold',
        parse_mode: 'MarkdownV2',
      }),
      "Bad Request: can't parse entities: Can't find end of Bold entity at byte offset 0",
    );
    expect(await messageCount()).toBe(before);
  });

  it('checks the chat before storing anything', async () => {
    const image = png(7, 7);
    const sha = createHash('sha256').update(image).digest('hex');
    await expectBadRequest(
      bot.api.sendPhoto(123456789, new InputFile(image, 'a.png')),
      'Bad Request: chat not found',
    );
    expect(existsSync(path.join(server.parley.platform.deps.filesDir, sha.slice(0, 2), sha))).toBe(false);
  });
});

describe('sendDocument', () => {
  const text = Buffer.from('Hello, documents!\n');

  it('stores a multipart upload with a thumbnail and answers a Document', async () => {
    const answer = await multipart(
      'sendDocument',
      {
        chat_id: String(chatId),
        caption: 'the _notes_',
        parse_mode: 'Markdown',
        thumbnail: 'attach://thumb_part',
      },
      { document: [text, 'notes.txt'], thumb_part: [jpegHeader(90, 60), 't.jpg'] },
    );
    expect(answer.status).toBe(200);
    const document = answer.body.result!.document!;
    expect(Object.keys(document)).toEqual([
      'file_name',
      'mime_type',
      'thumbnail',
      'thumb',
      'file_id',
      'file_unique_id',
      'file_size',
    ]);
    expect(document).toMatchObject({
      file_name: 'notes.txt',
      mime_type: 'text/plain',
      file_size: text.length,
    });
    expect(document.thumbnail).toMatchObject({ width: 90, height: 60 });
    // The reference repeats the thumbnail under its legacy name.
    expect((document as { thumb?: unknown }).thumb).toEqual(document.thumbnail);
    expect(answer.body.result!.caption).toBe('the notes');
    expect(answer.body.result!.caption_entities).toEqual([{ type: 'italic', offset: 4, length: 5 }]);

    const file = await bot.api.getFile(document.file_id);
    expect(file.file_path).toMatch(/^documents\/file_\d+\.txt$/);
    const { response, bytes } = await download(file.file_path!);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(bytes.equals(text)).toBe(true);
    const thumbnail = await bot.api.getFile(document.thumbnail!.file_id);
    expect(thumbnail.file_path).toMatch(/^thumbnails\/file_\d+\.jpg$/);

    // By file_id, through grammY; a thumbnail that is not a JPEG is converted to one (ADR 0081).
    const again = await bot.api.sendDocument(chatId, document.file_id);
    expect(again.document).toMatchObject({ file_id: document.file_id, file_name: 'notes.txt' });
    const noThumb = await multipart(
      'sendDocument',
      { chat_id: String(chatId) },
      { document: [Buffer.from('other'), 'o.bin'], thumbnail: [png(10, 10), 't.png'] },
    );
    expect(noThumb.body.result!.document!.thumbnail).toMatchObject({ width: 10, height: 10 });
    expect(noThumb.body.result!.document!.mime_type).toBe('application/octet-stream');
  });

  it('answers the reference texts and stores no message when refused', async () => {
    const before = await messageCount();
    const photo = await bot.api.sendPhoto(chatId, new InputFile(png(4, 4), 'p.png'));
    const after = before + 1;
    const missing = await multipart('sendDocument', { chat_id: String(chatId) }, {});
    expect(missing.body.description).toBe('Bad Request: there is no document in the request');
    const empty = await multipart(
      'sendDocument',
      { chat_id: String(chatId) },
      { document: [Buffer.alloc(0), 'e.txt'] },
    );
    expect(empty.body.description).toBe('Bad Request: file must be non-empty');
    await expectBadRequest(
      bot.api.sendDocument(chatId, photo.photo![0]!.file_id),
      'Bad Request: type of file mismatch',
    );
    expect(await messageCount()).toBe(after);
  });

  it('refuses to hand out files over 20 MB', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024 + 1, 7);
    const answer = await multipart(
      'sendDocument',
      { chat_id: String(chatId) },
      { document: [big, 'big.bin'] },
    );
    expect(answer.body.ok).toBe(true);
    await expectBadRequest(
      bot.api.getFile(answer.body.result!.document!.file_id),
      'Bad Request: file is too big',
    );
  });
});

describe('getFile and the download route', () => {
  it('answer the reference texts', async () => {
    expect((await callBotApi(server, token, 'getFile')).body.description).toBe(
      'Bad Request: file_id not specified',
    );
    await expectBadRequest(bot.api.getFile('nope'), 'Bad Request: invalid file_id');
    const unknown = await download('photos/file_999.jpg');
    expect(unknown.response.status).toBe(404);
    expect(unknown.response.headers.get('content-type')).toContain('application/json');
    const badToken = await download(
      'photos/file_0.png',
      `${token.split(':')[0]}:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`,
    );
    expect(badToken.response.status).toBe(401);
    expect(JSON.parse(badToken.bytes.toString())).toEqual({
      ok: false,
      error_code: 401,
      description: 'Unauthorized',
    });
  });
});
