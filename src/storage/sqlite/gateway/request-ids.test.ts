/**
 * request_ids on SQLite (migration 030, ADR 0015): ids the adapter makes are found without an index,
 * survive a restart and are never made twice; other ids (requests from before 030, ids the platform
 * chose) live beside them, and no id is ever stored twice.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { RequestIdPermutation } from './request-id-permutation.js';
import { gatewayJob, verificationRequest as request } from '../../contracts/fixtures.js';
import { UniqueViolation } from '../../store.js';
import { SqliteStore } from '../sqlite-store.js';

let dir: string;
let file: string;
const open: SqliteStore[] = [];

function openStore(): SqliteStore {
  const store = SqliteStore.open(file);
  open.push(store);
  return store;
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'parley-request-ids-'));
  file = path.join(dir, 'parley.sqlite');
});

afterEach(async () => {
  for (const store of open.splice(0)) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (store: SqliteStore, id: string, extra = {}) =>
  store.write(async (tx) => tx.gateway.insertRequest(request(id, extra)));
const make = (store: SqliteStore) => store.gateway.newRequestId!();

it('makes distinct 15-digit ids, and finds, updates and lists their requests and jobs', async () => {
  const store = openStore();
  const ids: string[] = [];
  for (let i = 0; i < 50; i++) ids.push(await make(store));
  expect(new Set(ids).size).toBe(50);
  for (const id of ids) expect(id).toMatch(/^[1-9]\d{14}$/);
  // Inserted in another order than made: lists follow the order of seqs (made), as before.
  for (const id of [...ids].reverse()) await insert(store, id);
  for (const id of ids) expect((await store.gateway.getRequest(id))?.request_id).toBe(id);
  expect((await store.gateway.listUndeliveredRequests(7)).map((r) => r.request_id)).toEqual(ids);
  await store.write(async (tx) => {
    await tx.gateway.updateRequest(ids[3]!, { delivery_status: 'read', attempts: 2 });
    await tx.gateway.insertJob(gatewayJob(ids[3]!, 'report', 5));
  });
  expect(await store.gateway.getRequest(ids[3]!)).toMatchObject({ delivery_status: 'read', attempts: 2 });
  expect(await store.gateway.getRequest(ids[4]!)).toMatchObject({ delivery_status: 'sent', attempts: 0 });
  expect((await store.gateway.listJobs(ids[3]!)).map((j) => j.request_id)).toEqual([ids[3]]);
  expect(await store.gateway.listJobs(ids[4]!)).toEqual([]);
  // A job for no request is refused, as before.
  const unknown = await make(store);
  await expect(
    store.write(async (tx) => tx.gateway.insertJob(gatewayJob(unknown, 'report', 5))),
  ).rejects.toThrow();
  // An id inserted twice is refused.
  await expect(insert(store, ids[0]!)).rejects.toBeInstanceOf(UniqueViolation);
});

it('finds its ids after a restart and does not make them again', async () => {
  const first = openStore();
  const before = [await make(first), await make(first)];
  for (const id of before) await insert(first, id);
  await first.close();
  const second = openStore();
  for (const id of before) expect((await second.gateway.getRequest(id))?.request_id).toBe(id);
  const after = await make(second);
  expect(before).not.toContain(after);
  await insert(second, after);
  expect((await second.gateway.listUndeliveredRequests(7)).map((r) => r.request_id)).toEqual([
    ...before,
    after,
  ]);
});

it('keeps any other id beside its own, each once', async () => {
  const store = openStore();
  const made = await make(store);
  const others = ['1', '100000000000001', '12345678901234567890', '012345678901234'];
  for (const id of others) await insert(store, id);
  await insert(store, made);
  for (const id of [...others, made]) expect((await store.gateway.getRequest(id))?.request_id).toBe(id);
  expect(await store.gateway.getRequest('100000000000002')).toBeUndefined();
  expect(await store.gateway.getRequest('2')).toBeUndefined();
  for (const id of [...others, made]) await expect(insert(store, id)).rejects.toBeInstanceOf(UniqueViolation);
  await store.write(async (tx) => {
    await tx.gateway.updateRequest('100000000000001', { attempts: 4 });
    await tx.gateway.insertJob(gatewayJob('1', 'expire', 9));
  });
  expect((await store.gateway.getRequest('100000000000001'))?.attempts).toBe(4);
  expect((await store.gateway.getRequest(made))?.attempts).toBe(0);
  expect((await store.gateway.listJobs('1')).map((j) => j.kind)).toEqual(['expire']);
});

it('refuses a made id that another request already has', async () => {
  await openStore().close();
  // The id that seq 2 will get, taken beforehand by a request listed among the other ids.
  const db = new Database(file);
  const key = (db.prepare('SELECT key FROM gateway_request_id_key').get() as { key: Buffer }).key;
  const next = new RequestIdPermutation(key).idOf(2);
  db.prepare(
    `INSERT INTO gateway_requests (seq, request_id, account_id, user_id, phone_number, cost, created_at,
     delivery_status) VALUES (1, ?, 1, 7, '+15550007', 0, 0, 'sent')`,
  ).run(next);
  db.prepare('INSERT INTO gateway_request_other_ids (request_id, seq) VALUES (?, 1)').run(next);
  db.close();
  const store = openStore();
  expect(await make(store)).toBe(next);
  await expect(insert(store, next)).rejects.toBeInstanceOf(UniqueViolation);
  const fresh = await make(store);
  await insert(store, fresh);
  expect((await store.gateway.listUndeliveredRequests(7)).map((r) => r.request_id)).toEqual([next, fresh]);
});

it('skips the seqs another store on the same file took', async () => {
  const a = openStore();
  const b = openStore();
  const fromA = await make(a);
  const fromB = await make(b);
  // Both counted from the same table: the same seq, so the same id.
  expect(fromB).toBe(fromA);
  await insert(a, fromA);
  await expect(insert(b, fromB)).rejects.toBeInstanceOf(UniqueViolation);
  const again = await make(b);
  expect(again).not.toBe(fromA);
  await insert(b, again);
  expect((await a.gateway.getRequest(again))?.request_id).toBe(again);
});

it('migration 030 keeps the requests made before it under their ids', async () => {
  const db = new Database(file);
  db.exec('CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)');
  const migrations = new URL('../migrations/', import.meta.url);
  for (const name of readdirSync(migrations).sort()) {
    const version = Number(name.slice(0, 3));
    if (!/^\d{3}-.*\.sql$/.test(name) || version >= 30) continue;
    db.exec(readFileSync(new URL(name, migrations), 'utf8'));
    db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, 0)').run(version);
  }
  const old = db.prepare(
    `INSERT INTO gateway_requests (request_id, account_id, user_id, phone_number, cost, created_at,
     sent_at, delivery_status) VALUES (?, 1, 7, '+15550007', 10, 1, 5, 'sent')`,
  );
  old.run('900000000000001');
  old.run('100000000000002');
  db.prepare(
    `INSERT INTO gateway_jobs (kind, request_seq, request_id, run_at, body, created_at)
     VALUES ('report', 1, '900000000000001', 100, '{}', 0)`,
  ).run();
  db.close();

  const store = openStore();
  expect(await store.gateway.getRequest('900000000000001')).toMatchObject({ sent_at: 5, cost: 10 });
  expect((await store.gateway.listJobs('900000000000001')).map((j) => j.run_at)).toEqual([100]);
  await store.write(async (tx) => tx.gateway.updateRequest('100000000000002', { attempts: 1 }));
  expect((await store.gateway.getRequest('100000000000002'))?.attempts).toBe(1);
  await expect(insert(store, '900000000000001')).rejects.toBeInstanceOf(UniqueViolation);
  const made = await make(store);
  await insert(store, made);
  expect((await store.gateway.listUndeliveredRequests(7)).map((r) => r.request_id)).toEqual([
    '900000000000001',
    '100000000000002',
    made,
  ]);
});
