/**
 * New bytes to store (ADR 0063). Bytes that are in memory already (a download, a person's media, a
 * drawn icon) come as a Buffer. A multipart upload is never held whole: it is streamed to a
 * temporary file under `<filesDir>/tmp`, hashed as it is written, and only its first bytes are
 * kept in memory for the checks that read a header. Storing it links the temporary file to its
 * content address; whoever spooled it removes the temporary file when the call is over.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * How much of a spooled file is kept in memory: enough for every check that reads the whole file
 * of a kind with a small limit (stickers 512 kB, thumbnails 200 kB) and for image headers.
 */
export const HEAD_BYTES = 1 << 20;

/**
 * A spooled file in a folder that other nodes share (PostgreSQL) is removed at start only when it
 * has not been written to for this long: any upload still arriving is written to far more often.
 */
export const SHARED_SPOOL_GRACE_MS = 60 * 60 * 1000;

/** A file written to the temporary folder as it arrived. */
export interface SpooledFile {
  /** The temporary file (removed by `discardSpooled`). */
  path: string;
  size: number;
  /** Hex SHA-256 of the whole file, computed while it was written. */
  sha256: string;
  /** Its first HEAD_BYTES bytes (all of them when size <= HEAD_BYTES). */
  head: Buffer;
}

interface UploadName {
  /** The name given by the uploader; kept only for kinds that show it (documents). */
  filename: string;
  mimeType: string;
}

export type Upload = UploadName & ({ data: Buffer } | { spooled: SpooledFile });
export type SpooledUpload = UploadName & { spooled: SpooledFile };

export function uploadSize(upload: Upload): number {
  return 'data' in upload ? upload.data.length : upload.spooled.size;
}

/** Hex SHA-256 of an upload's bytes (a spooled file's was computed as it was written). */
export function uploadSha256(upload: Upload): string {
  return 'data' in upload ? createHash('sha256').update(upload.data).digest('hex') : upload.spooled.sha256;
}

/** The first bytes of an upload, for checks that read a header (image sizes, formats). */
export function uploadHead(upload: Upload): Buffer {
  return 'data' in upload ? upload.data : upload.spooled.head;
}

/** The whole bytes when they are in memory (size <= HEAD_BYTES for a spooled file), else undefined. */
export function smallUploadBytes(upload: Upload): Buffer | undefined {
  if ('data' in upload) return upload.data;
  return upload.spooled.size <= upload.spooled.head.length ? upload.spooled.head : undefined;
}

/** The whole bytes, read from the temporary file if need be: only for uploads bounded by a check. */
export async function readUpload(upload: Upload): Promise<Buffer> {
  return smallUploadBytes(upload) ?? readFile((upload as SpooledUpload).spooled.path);
}

/**
 * Streams `source` to a new owner-only file `file` (which must not exist), hashing and counting
 * as it goes and keeping the first HEAD_BYTES. Backpressure holds the source while the disk is
 * behind, so memory stays flat whatever the size. On failure the partial file is removed.
 */
export async function spoolToFile(source: Readable, file: string): Promise<SpooledFile> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // Opened here rather than by the stream, so that only a file this call created is removed.
  const handle = await open(file, 'wx', 0o600);
  const hash = createHash('sha256');
  const headChunks: Buffer[] = [];
  let headLength = 0;
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      size += chunk.length;
      if (headLength < HEAD_BYTES) {
        const part = chunk.subarray(0, HEAD_BYTES - headLength);
        // A copy: the head must not keep the whole chunk (and the pool it was cut from) alive.
        headChunks.push(Buffer.from(part));
        headLength += part.length;
      }
      callback(null, chunk);
    },
  });
  try {
    await pipeline(source, tap, createWriteStream('', { fd: handle }));
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(file, { force: true });
    throw error;
  }
  return { path: file, size, sha256: hash.digest('hex'), head: Buffer.concat(headChunks, headLength) };
}

/** Removes a spooled file; a missing one is fine (removed already). */
export async function discardSpooled(spooled: SpooledFile): Promise<void> {
  await rm(spooled.path, { force: true });
}

/**
 * Empties the temporary folder at start: what a crashed run left there. `olderThanMs` (real time)
 * spares files written since, for a folder that other nodes share and may be spooling into.
 */
export async function clearSpoolDir(dir: string, olderThanMs?: number): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    if (olderThanMs !== undefined) {
      const info = await stat(file).catch(() => undefined);
      if (!info || info.mtimeMs >= olderThanMs) continue;
    }
    await rm(file, { force: true, recursive: true });
  }
}
