import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  clearSpoolDir,
  HEAD_BYTES,
  readUpload,
  smallUploadBytes,
  spoolToFile,
  uploadHead,
  uploadSize,
} from './upload.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'parley-spool-unit-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function* chunks(count: number, size: number): Generator<Buffer> {
  for (let i = 0; i < count; i++) yield Buffer.alloc(size, i);
}

describe('spoolToFile', () => {
  it('writes, hashes and counts the bytes, keeping only the first HEAD_BYTES in memory', async () => {
    const whole = Buffer.concat([...chunks(5, 300_000)]);
    const spooled = await spoolToFile(Readable.from(chunks(5, 300_000)), path.join(dir, 'tmp', 'a.part'));
    expect(spooled.size).toBe(whole.length);
    expect(spooled.sha256).toBe(createHash('sha256').update(whole).digest('hex'));
    // Compared with Buffer.equals: a deep equality of megabytes is slow.
    expect(spooled.head.equals(whole.subarray(0, HEAD_BYTES))).toBe(true);
    expect(readFileSync(spooled.path).equals(whole)).toBe(true);
    const upload = { filename: 'a', mimeType: '', spooled };
    expect(uploadSize(upload)).toBe(whole.length);
    expect(uploadHead(upload)).toHaveLength(HEAD_BYTES);
    expect(smallUploadBytes(upload)).toBeUndefined();
    expect((await readUpload(upload)).equals(whole)).toBe(true);
  });

  it('keeps a small file whole in memory', async () => {
    const spooled = await spoolToFile(Readable.from(chunks(2, 10)), path.join(dir, 'b.part'));
    expect(smallUploadBytes({ filename: '', mimeType: '', spooled })).toEqual(
      Buffer.concat([...chunks(2, 10)]),
    );
  });

  it('removes the partial file when the source fails', async () => {
    const failing = Readable.from(
      (function* () {
        yield Buffer.alloc(1000);
        throw new Error('connection reset');
      })(),
    );
    await expect(spoolToFile(failing, path.join(dir, 'c.part'))).rejects.toThrow('connection reset');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('clearSpoolDir', () => {
  it('removes everything, or only files not written to since a time; a missing folder is fine', async () => {
    writeFileSync(path.join(dir, 'old.part'), 'x');
    writeFileSync(path.join(dir, 'new.part'), 'y');
    const hourAgo = (Date.now() - 3_600_000) / 1000;
    utimesSync(path.join(dir, 'old.part'), hourAgo, hourAgo);
    await clearSpoolDir(dir, Date.now() - 60_000);
    expect(readdirSync(dir)).toEqual(['new.part']);
    await clearSpoolDir(dir);
    expect(readdirSync(dir)).toEqual([]);
    await clearSpoolDir(path.join(dir, 'missing'));
    expect(existsSync(path.join(dir, 'missing'))).toBe(false);
  });
});
