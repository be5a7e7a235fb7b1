/**
 * Spooled uploads (ADR 0063) over real HTTP: a stored upload's bytes are the ones sent (hashed while
 * streamed), and no call leaves a temporary file behind: answered, refused (a missing chat, a file
 * over 50 MB) or cut short. At start, what a crashed run left in the spool folder is removed.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { streamedUpload } from './helpers/streamed-upload.js';
import { waitFor } from './helpers/wait-for.js';

let dataDir: string;
let server: TestServer;
let token: string;
let chatId: number;
let spoolDir: string;

const spooled = () => (existsSync(spoolDir) ? readdirSync(spoolDir) : []);
const sendDocument = () => `${server.url}/bot${token}/sendDocument`;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'parley-upload-spool-'));
  // Left by a crashed run: removed at start.
  mkdirSync(path.join(dataDir, 'files', 'tmp'), { recursive: true });
  writeFileSync(path.join(dataDir, 'files', 'tmp', 'crashed.part'), 'half an upload');
  server = await startServer({ data: dataDir });
  spoolDir = server.parley.platform.files.spoolDir;
  const made = await userAndBot(server, 'spool');
  token = made.token;
  chatId = made.user.id;
  await server.control.sendMessage({
    from: made.user.phone_number,
    chat: `@${made.bot.username}`,
    text: 'hi',
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('spooled uploads', () => {
  it('are spooled under the files folder, which start empties', () => {
    expect(spoolDir).toBe(path.join(dataDir, 'files', 'tmp'));
    expect(spooled()).toEqual([]);
  });

  it('store the bytes sent, hashed while streamed, and leave no temporary file', async () => {
    // Larger than what is kept in memory (1 MiB), so the stored bytes come from the spooled file.
    const answer = await streamedUpload({
      url: sendDocument(),
      fields: { chat_id: String(chatId) },
      file: { field: 'document', filename: 'three.bin' },
      mebibytes: 3,
      fill: 0x33,
    });
    expect(answer?.status).toBe(200);
    expect(spooled()).toEqual([]);
    const { document } = answer!.body.result as { document: { file_id: string; file_size: number } };
    expect(document.file_size).toBe(3 << 20);
    const file = (await callBotApi(server, token, 'getFile', { file_id: document.file_id })).body.result as {
      file_path: string;
    };
    const download = await fetch(`${server.url}/file/bot${token}/${file.file_path}`);
    const bytes = Buffer.from(await download.arrayBuffer());
    const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
    expect(sha256(bytes)).toBe(sha256(Buffer.alloc(3 << 20, 0x33)));
  });

  it('leave no temporary file when the call is refused after the body is read', async () => {
    const answer = await streamedUpload({
      url: sendDocument(),
      fields: { chat_id: '987654321' },
      file: { field: 'document', filename: 'nowhere.bin' },
      mebibytes: 2,
    });
    expect(answer).toEqual({
      status: 400,
      body: { ok: false, error_code: 400, description: 'Bad Request: chat not found' },
    });
    expect(spooled()).toEqual([]);
  });

  it('refuse a file over 50 MB with the reference text, storing nothing', async () => {
    const before = readdirSync(path.join(dataDir, 'files')).sort();
    const answer = await streamedUpload({
      url: sendDocument(),
      fields: { chat_id: String(chatId) },
      file: { field: 'document', filename: 'huge.bin' },
      mebibytes: 51,
      fill: 0x5a,
    });
    expect(answer).toEqual({
      status: 413,
      body: { ok: false, error_code: 413, description: 'Request Entity Too Large' },
    });
    expect(spooled()).toEqual([]);
    expect(readdirSync(path.join(dataDir, 'files')).sort()).toEqual(before);
  }, 20_000);

  it('leave no temporary file when the upload is cut short', async () => {
    const answer = await streamedUpload({
      url: sendDocument(),
      fields: { chat_id: String(chatId) },
      file: { field: 'document', filename: 'cut.bin' },
      mebibytes: 8,
      abortAfter: 3,
    });
    expect(answer).toBeUndefined();
    // The server learns of the closed connection on its own time.
    await waitFor(() => spooled().length === 0, { what: 'the spool folder to be empty' });
  });
});
