/**
 * A webhook bot's claims on PostgreSQL (pg-job-claims.ts; the contract, jobs.contract.ts, holds both
 * adapters to the rest): an update locked by another transaction is skipped, and its chat's later
 * updates with it; a chat whose first updates this node holds gives the rest in order; a claim's
 * commit does not wait for the WAL's flush (ADR 0123). Skipped without a PostgreSQL server
 * (contracts/postgres.ts).
 */
import { describe, expect, it } from 'vitest';
import type { PgStore } from './pg-store.js';
import { postgresAvailable, storeForEachTest } from '../contracts/postgres.js';
import { update } from '../contracts/fixtures.js';
import { watchQueries } from '../contracts/pg-queries-seen.js';
import { NO_FLUSH_WAIT } from './pg-job-claims.js';

const T = 1_000_000;
const lease = (owner: string, now = T) => ({ owner, now, until: now + 60_000 });
const ids = (rows: Array<{ update_id: number }>) => rows.map((row) => row.update_id);

describe.skipIf(!postgresAvailable)("a webhook bot's claims on PostgreSQL", () => {
  let store: PgStore;
  storeForEachTest((opened) => (store = opened), { poolSize: 6 });

  const queue = (rows: Array<[updateId: number, chat: string]>) =>
    store.write(async (tx) => {
      for (const [id, chat] of rows) await tx.insertUpdate(update(1, id, { queue_key: chat }));
    });

  it("passes over an update another transaction has locked, and its chat's later ones", async () => {
    await queue([
      [1, 'a'],
      [2, 'a'],
      [3, 'b'],
      [4, 'a'],
      [5, 'b'],
    ]);
    const other = await store.pool.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT 1 FROM updates WHERE bot_id = 1 AND update_id = 2 FOR UPDATE');
      // Update 1 is taken; 2 is locked, so 4 (chat a, after it) waits; chat b is free.
      expect(ids(await store.jobs.claimUpdates(1, lease('A'), 10, 10))).toEqual([1, 3, 5]);
      // The claim came back short with rows it may take later: the worker looks again when idle.
      expect(store.jobs.leftBehind(1)).toBe(true);
      await other.query('COMMIT');
    } finally {
      other.release();
    }
    expect(ids(await store.jobs.claimUpdates(1, lease('A', T + 1), 10, 10))).toEqual([2, 4]);
  });

  it('gives the rest of a busy chat in order, after what this node holds, a page at a time', async () => {
    const rows: Array<[number, string]> = [];
    for (let id = 1; id <= 1_200; id++) rows.push([id, id % 50 === 0 ? `p${id}` : 'group']);
    await queue(rows);
    const first = await store.jobs.claimUpdates(1, lease('A'), 10, 500);
    expect(ids(first)).toEqual(rows.slice(0, 500).map(([id]) => id));
    // Another node gets only the private chats past the group's updates this one holds.
    const other = await store.jobs.claimUpdates(1, lease('B'), 10, 500);
    expect(ids(other)).toEqual(
      rows
        .slice(500)
        .filter(([, chat]) => chat !== 'group')
        .map(([id]) => id),
    );
    const second = await store.jobs.claimUpdates(1, lease('A', T + 1), 10, 500);
    expect(ids(second)).toEqual(
      rows
        .slice(500)
        .filter(([, chat]) => chat === 'group')
        .slice(0, 500)
        .map(([id]) => id),
    );
    expect(store.jobs.heldElsewhere(1)).toBe(false);
  });

  it("commits a claim without waiting for the WAL's flush (SET LOCAL: in its transaction only)", async () => {
    await queue([[1, 'a']]);
    const texts: string[] = [];
    const stop = watchQueries((text) => texts.push(text));
    try {
      expect(ids(await store.jobs.claimUpdates(1, lease('A'), 10, 10))).toEqual([1]);
    } finally {
      stop();
    }
    expect(texts.slice(0, 2)).toEqual(['BEGIN', NO_FLUSH_WAIT]);
    expect(texts.at(-1)).toBe('COMMIT');
  });

  it('claims for several bots in one transaction: those asked in one turn, and those asked while the claim connections are busy (ADR 0126)', async () => {
    await store.write(async (tx) => {
      for (const bot of [1, 2, 3, 4, 5])
        for (const id of [1, 2]) await tx.insertUpdate(update(bot, id, { queue_key: `c${bot}` }));
    });
    const texts: string[] = [];
    const stop = watchQueries((text) => texts.push(text));
    const holder = await store.pool.connect();
    try {
      const claims = await Promise.all(
        [3, 1, 2].map((bot) => store.jobs.claimUpdates(bot, lease('A'), 10, 10)),
      );
      expect(claims.map((rows) => rows.map((row) => [row.bot_id, row.update_id]))).toEqual([
        [
          [3, 1],
          [3, 2],
        ],
        [
          [1, 1],
          [1, 2],
        ],
        [
          [2, 1],
          [2, 2],
        ],
      ]);
      expect(texts.filter((text) => text === 'BEGIN')).toHaveLength(1);
      expect(texts.filter((text) => /pg_advisory_xact_lock/.test(text))).toHaveLength(1);

      // Both claim connections wait for bot 1's lock, held elsewhere; bots 4 and 5 wait for them.
      texts.length = 0;
      await holder.query('SELECT pg_advisory_lock(-1)');
      const first = store.jobs.claimUpdates(1, lease('B', T + 1), 10, 10);
      await new Promise((resolve) => setImmediate(resolve));
      const second = store.jobs.claimUpdates(1, lease('C', T + 1), 10, 10);
      await new Promise((resolve) => setImmediate(resolve));
      const deadline = Date.now() + 10_000;
      for (;;) {
        const { rows } = await store.pool.query(
          "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
        );
        if (rows[0].n === 2) break;
        if (Date.now() > deadline) throw new Error('the two claims did not wait for the lock');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const later = Promise.all([5, 4].map((bot) => store.jobs.claimUpdates(bot, lease('A'), 10, 10)));
      await holder.query('SELECT pg_advisory_unlock(-1)');
      expect([...(await first), ...(await second)]).toEqual([]);
      expect((await later).map(ids)).toEqual([
        [1, 2],
        [1, 2],
      ]);
      expect(texts.filter((text) => text === 'BEGIN')).toHaveLength(3);
    } finally {
      stop();
      holder.release();
    }
  });
});
