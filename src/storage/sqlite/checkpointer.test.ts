import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { Checkpointer, WAL_SIZE_LIMIT } from './checkpointer.js';
import { SqliteStore } from './sqlite-store.js';

const BIG = 'x'.repeat(4000);

/** A WAL database with a table, and about 4 MB of committed rows written into it by `db`. */
function openWal(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('CREATE TABLE t (v TEXT)');
  return db;
}
function write4MB(db: Database.Database): void {
  const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
  for (let batch = 0; batch < 20; batch++)
    db.transaction(() => {
      for (let i = 0; i < 50; i++) insert.run(BIG);
    })();
}

describe('WAL checkpoints on a worker thread', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'parley-ckpt-'));
    file = path.join(dir, 'db.sqlite');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('without a checkpoint the pages stay in the WAL (what the next test relies on)', () => {
    const db = openWal(file);
    db.pragma('wal_autocheckpoint = 0');
    const before = statSync(file).size;
    write4MB(db);
    expect(statSync(file).size).toBe(before);
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(4_000_000);
    db.close();
  });

  it('the worker copies committed pages into the database file; the writer never checkpoints', async () => {
    const db = openWal(file);
    const checkpointer = new Checkpointer(db, file, { intervalMs: 50 });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    const before = statSync(file).size;
    write4MB(db);
    await waitFor(() => statSync(file).size > before + 4_000_000, { what: 'a checkpoint by the worker' });
    await checkpointer.stop();
    db.close();
  });

  it('the writer leaves a WAL that grew past the limit at its size: no cut on the event loop', async () => {
    // Before (ADR 0112): the commit that restarted the WAL cut it back to WAL_SIZE_LIMIT, an
    // ftruncate on the event loop that took 40-190 ms in scenario 9. The worker's timer is off here,
    // so that the WAL grows past the limit first.
    const db = openWal(file);
    const checkpointer = new Checkpointer(db, file, { intervalMs: 600_000 });
    for (let i = 0; i < Math.ceil(WAL_SIZE_LIMIT / 4_000_000) + 1; i++) write4MB(db);
    const grown = statSync(`${file}-wal`).size;
    expect(grown).toBeGreaterThan(WAL_SIZE_LIMIT);
    // Every frame copied (here by this connection: the worker's checkpoint is the same PASSIVE one)...
    const [copied] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number; checkpointed: number }>;
    expect(copied!.checkpointed).toBe(copied!.log);
    // ...so the next commit restarts the WAL from its start.
    db.prepare('INSERT INTO t (v) VALUES (?)').run('restart');
    expect(statSync(`${file}-wal`).size).toBe(grown);
    await checkpointer.stop();
    db.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('a store on a file closes with everything in the database file', async () => {
    const store = SqliteStore.open(file);
    for (let batch = 0; batch < 5; batch++) {
      await store.write(async (tx) => {
        for (let i = 0; i < 50; i++) await tx.setSetting(`k${batch}-${i}`, BIG);
      });
    }
    await store.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const db = new Database(file, { readonly: true });
    const count = db.prepare("SELECT count(*) AS n FROM settings WHERE key LIKE 'k%'").get() as { n: number };
    expect(count.n).toBe(250);
    db.close();
  });

  it('the worker does not keep the process alive on its own', async () => {
    // What keeps the event loop alive; a store that was opened but not closed must add nothing to it.
    const ports = () => process.getActiveResourcesInfo().filter((kind) => kind === 'MessagePort').length;
    const before = ports();
    const db = openWal(file);
    const checkpointer = new Checkpointer(db, file, { intervalMs: 50 });
    expect(ports()).toBe(before);
    await checkpointer.stop();
    db.close();
  });
});
