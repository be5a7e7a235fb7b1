/**
 * One server per data folder (docs/adr/0016-data-folder-lock.md). Each server trusts its caches of
 * rows (users, bots, chats, members) and its reserved message ids, so a second process on the same
 * database would answer from stale rows and hand out the same ids.
 *
 * The lock is SQLite's own file lock (POSIX advisory locks, held by the kernel for the process): a
 * connection to `<data>/parley.lock`, an empty database, opens a transaction with `BEGIN EXCLUSIVE`
 * and keeps it open for the life of the server. Another process's `BEGIN EXCLUSIVE` fails at once
 * with SQLITE_BUSY, also another connection of the same process (SQLite tracks its own locks per
 * file). The kernel drops the lock when the process ends however it ends, so a crash (SIGKILL)
 * leaves nothing that blocks the next start, and a reused pid cannot be mistaken for a holder.
 * `parley.sqlite` itself cannot be locked so: the WAL checkpointer has its own connection to it.
 *
 * The holder's pid, for the message a second server prints, is in `<data>/parley.pid`, written
 * after the lock is taken (so a reader may briefly see none, or a crashed holder's: it waits a
 * little for a live one). Only a holder removes the lock file, and a new holder checks that the
 * path still names the file it locked, so no two processes can lock two different files.
 */
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { makePrivateFile, PRIVATE_FILE_MODE } from '../storage/private-files.js';

export const LOCK_FILE = 'parley.lock';
export const PID_FILE = 'parley.pid';

/** Another process holds the data folder. */
export class DataFolderLocked extends Error {
  readonly code = 'DATA_FOLDER_LOCKED';

  constructor(
    readonly dataDir: string,
    /** The holder's pid, if it could be read. */
    readonly pid: number | undefined,
  ) {
    super(
      `the data folder ${dataDir} is in use by another Parley server (${pid === undefined ? 'pid unknown' : `pid ${pid}`})`,
    );
  }
}

export interface AcquireOptions {
  /** How long a second server waits for the holder's pid file to name a live process. */
  pidWaitMs?: number;
}

export class DataLock {
  readonly #db: Database.Database;
  readonly #dir: string;
  /** Whether this process created the lock file (so that a start that fails can take it back). */
  readonly createdFile: boolean;
  #released = false;

  private constructor(db: Database.Database, dir: string, createdFile: boolean) {
    this.#db = db;
    this.#dir = dir;
    this.createdFile = createdFile;
  }

  /** Takes the lock of `dataDir` (which exists), or throws DataFolderLocked naming the holder. */
  static async acquire(dataDir: string, options: AcquireOptions = {}): Promise<DataLock> {
    const file = path.join(dataDir, LOCK_FILE);
    // A few rounds at most: another round only when a holder removed the file under us.
    for (let round = 0; ; round++) {
      const createdFile = !exists(file);
      makePrivateFile(file);
      const before = identity(file);
      const db = new Database(file, { timeout: 0 });
      try {
        // Nothing is ever written: no journal file beside the lock file.
        db.pragma('journal_mode = MEMORY');
        db.exec('BEGIN EXCLUSIVE');
      } catch (error) {
        db.close();
        if ((error as { code?: string }).code !== 'SQLITE_BUSY') throw error;
        throw new DataFolderLocked(dataDir, await holderPid(dataDir, options.pidWaitMs ?? 1000));
      }
      if (before !== undefined && identity(file) === before) {
        const lock = new DataLock(db, dataDir, createdFile);
        lock.#writePid();
        return lock;
      }
      db.close();
      if (round >= 3) throw new Error(`the lock file ${file} keeps being replaced`);
    }
  }

  /**
   * Ends the lock (at a graceful stop, or when a start fails). With `removeFile`, the lock file goes
   * too, while it is still held.
   */
  release({ removeFile = false } = {}): void {
    if (this.#released) return;
    this.#released = true;
    rmSync(path.join(this.#dir, PID_FILE), { force: true });
    if (removeFile) rmSync(path.join(this.#dir, LOCK_FILE), { force: true });
    // Closing rolls the empty transaction back, which drops the lock.
    this.#db.close();
  }

  #writePid(): void {
    const file = path.join(this.#dir, PID_FILE);
    // Written aside and renamed: a reader sees the old pid or the new one, never half of one.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${process.pid}\n`, { mode: PRIVATE_FILE_MODE });
    renameSync(temp, file);
  }
}

/** The holder's pid from its pid file, waiting up to `waitMs` for it to name a live process. */
async function holderPid(dataDir: string, waitMs: number): Promise<number | undefined> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const pid = readPid(path.join(dataDir, PID_FILE));
    if ((pid !== undefined && isAlive(pid)) || Date.now() >= deadline) return pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function readPid(file: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/** Whether a process with this pid exists (EPERM: it does, under another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function exists(file: string): boolean {
  return identity(file) !== undefined;
}

/** The file's device and inode, or undefined if there is none. */
function identity(file: string): string | undefined {
  try {
    const stat = statSync(file);
    return `${stat.dev}:${stat.ino}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
