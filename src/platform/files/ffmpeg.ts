/**
 * The ffmpeg that decodes video frames and converts GIFs (ADR 0086), run as a child process so that
 * decoding never blocks the event loop, at most `concurrency` at a time.
 *
 * Where it comes from, first found wins (looked up once per Ffmpeg, at its first use):
 * 1. the binary of `@ffmpeg-installer/ffmpeg`, an optional dependency that the npm registry ships
 *    for the common platforms (absent where its platform package did not install);
 * 2. an `ffmpeg` on PATH (Debian's `ffmpeg` package, for one);
 * 3. none: `available()` answers false and callers fall back (no generated thumbnail, a GIF kept as
 *    it is), as ADR 0086 documents.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { cpus } from 'node:os';
import path from 'node:path';
import pLimit, { type LimitFunction } from 'p-limit';

/** A run that takes longer is killed: a thumbnail or a GIF's conversion is never worth more. */
const RUN_TIMEOUT_MS = 60_000;
/** What a run may write to its standard output (a frame as PNG): far above any first frame. */
const MAX_STDOUT_BYTES = 64 << 20;

/** Raised when ffmpeg exits with an error (the bytes are not a video it can read). */
export class FfmpegError extends Error {}

export interface FfmpegOptions {
  /** The binary to use, or null for none; looked up as above when absent. */
  binary?: string | null;
  /** Runs at once; half the cores by default (at least one). */
  concurrency?: number;
}

export class Ffmpeg {
  /** Made on the first run: `cpus()` reads /proc (issue 28: a world that never runs ffmpeg skips it). */
  #limit: LimitFunction | undefined;
  readonly #concurrency: number | undefined;
  #binary: Promise<string | null> | undefined;

  constructor(options: FfmpegOptions = {}) {
    this.#concurrency = options.concurrency;
    if (options.binary !== undefined) this.#binary = Promise.resolve(options.binary);
  }

  /** The binary that runs, or null when there is none. */
  binary(): Promise<string | null> {
    this.#binary ??= locateFfmpeg();
    return this.#binary;
  }

  async available(): Promise<boolean> {
    return (await this.binary()) !== null;
  }

  /**
   * Runs ffmpeg with `args` (after `-nostdin -v error`), queued behind the runs in progress beyond
   * the concurrency bound; answers its standard output. Throws FfmpegError when it fails.
   */
  run(args: string[]): Promise<Buffer> {
    this.#limit ??= pLimit(this.#concurrency ?? Math.max(1, Math.floor(cpus().length / 2)));
    return this.#limit(async () => {
      const binary = await this.binary();
      if (binary === null) throw new FfmpegError('no ffmpeg');
      return runProcess(binary, ['-nostdin', '-hide_banner', '-v', 'error', ...args]);
    });
  }
}

function runProcess(binary: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let outBytes = 0;
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.stdout.on('data', (chunk: Buffer) => {
      outBytes += chunk.length;
      if (outBytes > MAX_STDOUT_BYTES) child.kill('SIGKILL');
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (err.length < 4096) err += chunk.toString('utf8');
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new FfmpegError(error.message));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(out));
      else reject(new FfmpegError(`ffmpeg ${signal ?? `exited ${code}`}: ${err.trim()}`));
    });
  });
}

/** The npm registry's binary when installed, else `ffmpeg` on PATH, else null. */
export async function locateFfmpeg(): Promise<string | null> {
  try {
    const installer = (await import('@ffmpeg-installer/ffmpeg')) as { default?: { path?: string } };
    const binary = installer.default?.path;
    if (binary && (await isExecutable(binary))) return binary;
  } catch {
    // Not installed for this platform (an optional dependency): try PATH.
  }
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '') continue;
    const candidate = path.join(dir, process.platform === 'win32' ? 'ffmpeg.exe' : 'ffmpeg');
    if (await isExecutable(candidate)) return candidate;
  }
  return null;
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
