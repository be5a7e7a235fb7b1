/**
 * Migrations 010-011 (ADR 0015) rebuild the gateway's requests, jobs and ledger: a database written
 * before them keeps its data, its order and its id counters.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, it } from 'vitest';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';

const MIGRATIONS = new URL('../src/storage/sqlite/migrations/', import.meta.url);

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A database as migrations 001-009 left it, with gateway rows written the way the old adapter did. */
function databaseAt009(file: string): void {
  const db = new Database(file);
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
  for (const name of readdirSync(MIGRATIONS).sort()) {
    const version = Number(name.slice(0, 3));
    if (!/^\d{3}-.*\.sql$/.test(name) || version > 9) continue;
    db.exec(readFileSync(new URL(name, MIGRATIONS), 'utf8'));
    db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)').run(version);
  }
  const request = db.prepare(
    `INSERT INTO gateway_requests (request_id, account_id, user_id, phone_number, cost, created_at,
     sent_at, code_hash, delivery_status, callback_url) VALUES (?, 1, 7, '+15550007', 10, 1, ?, 'h', ?, ?)`,
  );
  // Inserted in this order (rowid 1, 2, 3), which is not the order of their ids.
  request.run('900000000000001', 5, 'sent', 'http://127.0.0.1:9/');
  request.run('100000000000002', null, null, null);
  request.run('500000000000003', 5, 'delivered', 'http://127.0.0.1:9/');
  const job = db.prepare(
    'INSERT INTO gateway_jobs (id, kind, request_id, run_at, body, created_at) VALUES (?, ?, ?, ?, ?, 0)',
  );
  job.run(3, 'report', '900000000000001', 100, '{"n":1}');
  job.run(4, 'report', '500000000000003', 100, '{"n":2}');
  job.run(5, 'report', '900000000000001', 50, '{"n":3}');
  job.run(6, 'expire', '900000000000001', 600, null);
  job.run(7, 'expire', '999999999999999', 10, null); // its request does not exist
  // Jobs up to 40 were made and are done: the next job must not get an id used before.
  db.prepare("UPDATE sqlite_sequence SET seq = 40 WHERE name = 'gateway_jobs'").run();
  const ledger = db.prepare(
    `INSERT INTO gateway_ledger (account_id, kind, amount, balance_after, request_id, created_at)
     VALUES (1, ?, ?, ?, ?, 1)`,
  );
  ledger.run('top_up', 100, 100, null);
  ledger.run('charge', -10, 90, '900000000000001');
  db.close();
}

it('migrates gateway requests, jobs and the ledger with their data', async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'parley-gateway-migration-'));
  const file = path.join(dir, 'db.sqlite');
  databaseAt009(file);
  const store = SqliteStore.open(file);
  try {
    const { gateway } = store;
    expect(await gateway.getRequest('900000000000001')).toMatchObject({
      request_id: '900000000000001',
      sent_at: 5,
      delivery_status: 'sent',
      is_refunded: false,
    });
    expect(Object.keys((await gateway.getRequest('100000000000002'))!)).not.toContain('seq');
    // Inserted order is kept (rowid became seq).
    expect((await gateway.listSentRequests(7, 10)).map((r) => r.request_id)).toEqual([
      '900000000000001',
      '500000000000003',
    ]);
    expect((await gateway.listUndeliveredRequests(7)).map((r) => r.request_id)).toEqual(['900000000000001']);

    // Jobs keep their ids and requests; the orphan is gone; reports still go one per request.
    expect((await gateway.listJobs('900000000000001')).map((j) => j.id)).toEqual([3, 5, 6]);
    expect(await gateway.getJob(7)).toBeUndefined();
    expect((await gateway.listDueJobs('report', 1000, 10)).map((j) => j.id)).toEqual([3, 4]);
    expect(await gateway.getJob(6)).toEqual({
      id: 6,
      kind: 'expire',
      request_id: '900000000000001',
      run_at: 600,
      attempts: 0,
      body: null,
      device_id: null,
      created_at: 0,
    });
    expect((await gateway.listPendingReports({ requestId: '900000000000001' })).map((j) => j.body)).toEqual([
      '{"n":1}',
      '{"n":3}',
    ]);

    // New rows: job ids go on from the old counter, ledger ids from the last entry, and a new
    // request's jobs find it.
    await store.write(async (tx) => {
      await tx.gateway.insertRequest({
        ...(await tx.gateway.getRequest('100000000000002'))!,
        request_id: '300000000000004',
      });
      await tx.gateway.insertLedger({
        account_id: 1,
        kind: 'refund',
        amount: 10,
        balance_after: 100,
        request_id: '900000000000001',
        created_at: 2,
      });
      await tx.gateway.insertJob({
        kind: 'report',
        request_id: '300000000000004',
        run_at: 0,
        attempts: 0,
        body: '{}',
        device_id: null,
        created_at: 0,
      });
    });
    expect((await gateway.listJobs('300000000000004')).map((j) => j.id)).toEqual([41]);
    expect((await gateway.listLedger(1, 10)).map((e) => [e.id, e.amount])).toEqual([
      [1, 100],
      [2, -10],
      [3, 10],
    ]);
  } finally {
    await store.close();
  }
});
