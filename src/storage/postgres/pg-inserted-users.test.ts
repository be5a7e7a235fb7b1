/**
 * Users a write inserted are kept in the row cache at its commit (pg-cache.ts TxScope
 * `insertedUser`, ADR 0106 addendum "creating a world"): a person made is looked up by phone next
 * (their first message, a group's creation) with no statement; the kept row is the database's; a
 * user the write changed too, or one of a write rolled back to its savepoint, is not kept.
 * Skipped without a PostgreSQL server (contracts/postgres.ts).
 */
import { describe, expect, it } from 'vitest';
import type { PgStore } from './pg-store.js';
import { postgresAvailable, storeForEachTest } from '../contracts/postgres.js';
import { user } from '../contracts/fixtures.js';
import { poolStatements } from '../contracts/pg-queries-seen.js';

describe.skipIf(!postgresAvailable)('PostgreSQL users kept at the commit that inserted them', () => {
  let store: PgStore;
  storeForEachTest((opened) => (store = opened));

  it('answers a user it inserted by phone, username and id without a statement, as the database has it', async () => {
    await store.write((tx) => tx.insertUser(user(1, { username: 'Kept_Person' })));
    const { value, texts } = await poolStatements(async () => [
      await store.getUserByPhone(user(1).phone_number!),
      await store.getUserByUsername('kept_person'),
      await store.getUser(1),
    ]);
    expect(texts).toEqual([]);
    const row = (await store.pool.query('SELECT * FROM users WHERE id = 1')).rows[0];
    expect(value).toEqual([row, row, row]);
    expect(await store.getUsersByPhone([user(1).phone_number!])).toEqual(new Map([[row.phone_number, row]]));
  });

  it('keeps no user the write changed after inserting it, nor one of a write rolled back', async () => {
    await store.write(async (tx) => {
      await tx.insertUser(user(2));
      await tx.updateUser(2, { first_name: 'Changed' });
    });
    expect((await store.getUser(2))?.first_name).toBe('Changed');
    // Three writes at once go in one batch; the one that throws is rolled back to its savepoint.
    const outcomes = await Promise.allSettled([
      store.write((tx) => tx.insertUser(user(3))),
      store.write(async (tx) => {
        await tx.insertUser(user(4));
        throw new Error('refused');
      }),
      store.write((tx) => tx.insertUser(user(5))),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const { value, texts } = await poolStatements(async () => [
      await store.getUser(3),
      await store.getUser(4),
      await store.getUserByPhone(user(4).phone_number!),
      await store.getUser(5),
    ]);
    expect(value.map((row) => row?.id)).toEqual([3, undefined, undefined, 5]);
    // Users 3 and 5 from the cache; user 4 asked of the database (not found), by id and by phone.
    expect(texts).toEqual([
      'SELECT * FROM users WHERE id = $1',
      'SELECT * FROM users WHERE phone_number = $1',
    ]);
  });
});
