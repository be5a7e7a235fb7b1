/**
 * WAL checkpoints on a worker thread (ADR 0006). SQLite's automatic checkpoint runs inside the commit
 * that crosses 1000 WAL pages, on the committing connection: it copies pages into the database file
 * and fsyncs both files, which on the event loop stalls every request for milliseconds. Here the main
 * connection turns automatic checkpoints off and a worker with its own connection to the same file
 * runs PASSIVE checkpoints (which never block the writer) every `intervalMs`, and at once when the
 * store says enough commits went by. If the worker cannot run, the main connection checkpoints
 * itself again.
 */
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { packagePath } from '../../config/lazy-package.js';

/** The worker's program (CommonJS, run with `eval`, so that it works from sources and from dist). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message === 'checkpoint') checkpoint();
  else if (message === 'close') {
    clearInterval(timer);
    checkpoint();
    db.close();
    parentPort.close();
  }
});
parentPort.postMessage({ ready: true });
`;

/**
 * A WAL that grew is cut back to this once a checkpoint lets it restart, on a connection that
 * checkpoints itself (a workspace's, or the store's when its worker failed). A store whose worker
 * checkpoints leaves its WAL file at the largest size it reached, until it closes: the cut is an
 * ftruncate on the event loop, in the commit that restarts the WAL, and it took 40-190 ms there
 * (issue 31, ADR 0112: under steady writes the WAL only restarts in a lull, so it grows past the
 * limit, and each restart after a busy spell freed tens of MB in one call).
 */
export const WAL_SIZE_LIMIT = 64 * 1024 * 1024;

/** SQLite's own default: a checkpoint once the WAL holds this many pages. */
const AUTO_CHECKPOINT_PAGES = 1000;

export interface CheckpointerOptions {
  intervalMs?: number;
  /** Commits after which the worker is asked for a checkpoint before its timer comes. */
  commitsPerNudge?: number;
}

export class Checkpointer {
  readonly #db: Database.Database;
  readonly #worker: Worker;
  readonly #commitsPerNudge: number;
  #commits = 0;
  #stopped = false;

  constructor(db: Database.Database, file: string, options: CheckpointerOptions = {}) {
    this.#db = db;
    this.#commitsPerNudge = options.commitsPerNudge ?? 500;
    db.pragma('wal_autocheckpoint = 0');
    // No cut on this connection (WAL_SIZE_LIMIT): SQLite's default, -1.
    db.pragma('journal_size_limit = -1');
    this.#worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        module: packagePath('better-sqlite3'),
        file,
        intervalMs: options.intervalMs ?? 200,
      },
    });
    this.#worker.on('error', () => this.#fallBack());
    this.#worker.on('message', (message: { error?: string }) => {
      if (message.error !== undefined) this.#fallBack();
    });
    // The worker must not keep the process alive on its own (a store left open, e.g. by a start that
    // failed to listen, must not hang the process). Only after the listeners: adding a 'message'
    // listener refs the worker's port again, which undid an unref() made before it.
    this.#worker.unref();
  }

  /** Counts a commit; every `commitsPerNudge` commits the worker is asked to checkpoint now. */
  committed(): void {
    if (++this.#commits < this.#commitsPerNudge || this.#stopped) return;
    this.#commits = 0;
    this.#worker.postMessage('checkpoint');
  }

  /** Runs a last checkpoint and ends the worker. */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    // Held alive while it finishes: a stop awaited at top level must not see an empty event loop.
    this.#worker.ref();
    const exited = new Promise<void>((resolve) => this.#worker.once('exit', () => resolve()));
    this.#worker.postMessage('close');
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, 5_000)));
    await Promise.race([exited, deadline]);
    clearTimeout(timer);
    await this.#worker.terminate();
  }

  #fallBack(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    if (this.#db.open) {
      this.#db.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
      this.#db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT}`);
    }
    void this.#worker.terminate();
  }
}
