/**
 * Uploads are not held in memory (issue 24, ADR 0063): a `parley start` child process takes ten
 * concurrent 40 MB sendDocument uploads, and its resident memory grows by less than 150 MB. Held
 * whole, those bodies alone would be 400 MB (and twice that while copied together).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlClient } from '../src/testkit/index.js';
import { spawnServer, type ServerProcess } from './helpers/server-process.js';
import { streamedUpload } from './helpers/streamed-upload.js';

const ADMIN = 'upload-memory-admin-token-0123456';
const UPLOADS = 10;
const MEBIBYTES = 40;
const MAX_GROWTH = 150 * 1024 * 1024;

let dataDir: string;
let server: ServerProcess;
let token: string;
let chatId: number;

/** The child's resident set size in bytes (Linux). */
function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) * 1024;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'parley-upload-memory-'));
  server = await spawnServer(['--data', dataDir, '--admin-token', ADMIN]);
  const control = new ControlClient({ url: server.url, adminToken: ADMIN });
  const user = await control.createUser({ phone_number: '+15550100001', first_name: 'Alice' });
  const bot = await control.createBot({ username: 'memory_bot' });
  await control.sendMessage({ from: user.phone_number, chat: '@memory_bot', text: 'hi' });
  token = bot.token;
  chatId = user.id;
});

afterAll(async () => {
  await server?.stop('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.platform !== 'linux')('concurrent large uploads', () => {
  it(`keep the server's memory flat: ${UPLOADS} x ${MEBIBYTES} MB sendDocument, growth < 150 MB`, async () => {
    const url = `${server.url}/bot${token}/sendDocument`;
    const fields = { chat_id: String(chatId) };
    // One small upload first, so that what the first upload loads is in the baseline.
    const warm = await streamedUpload({
      url,
      fields,
      file: { field: 'document', filename: 'w.bin' },
      mebibytes: 1,
    });
    expect(warm?.body.ok).toBe(true);

    const pid = server.child.pid!;
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 20);
    const started = performance.now();
    try {
      const answers = await Promise.all(
        Array.from({ length: UPLOADS }, (_, i) =>
          streamedUpload({
            url,
            fields,
            file: { field: 'document', filename: `big-${i}.bin` },
            mebibytes: MEBIBYTES,
            fill: 0x41 + i,
          }),
        ),
      );
      for (const answer of answers) {
        expect(answer?.status).toBe(200);
        const { document } = answer!.body.result as { document: { file_size: number } };
        expect(document.file_size).toBe(MEBIBYTES << 20);
      }
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, rssOf(pid));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    expect(peak - baseline, `RSS ${baseline >> 20} MB -> peak ${peak >> 20} MB in ${seconds} s`).toBeLessThan(
      MAX_GROWTH,
    );
    // Every upload's temporary file is gone; the stored files are all there.
    expect(readdirSync(path.join(dataDir, 'files', 'tmp'))).toEqual([]);
  }, 60_000);
});
