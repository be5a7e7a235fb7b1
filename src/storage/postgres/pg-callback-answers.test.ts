/**
 * A callback query's answer on PostgreSQL (tables/messages.ts `answerCallbackQuery`, ADR 0118): when
 * a read on the pool found the query unanswered (answerCallbackQuery reads it first), the write's
 * conditional update waits for its next statement instead of a round trip of its own; if the query
 * was answered since, that update fails and the write runs again without the hint, answering
 * false. Of two answers exactly one is first, as the port's contract says. Skipped without a
 * PostgreSQL server (contracts/postgres.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PgStore } from './pg-store.js';
import { postgresAvailable, storeForEachTest } from '../contracts/postgres.js';
import { countWriteStatements } from '../contracts/pg-queries-seen.js';
import { callbackQuery } from '../contracts/fixtures.js';

const PLAIN_ANSWER =
  'UPDATE callback_queries SET answer = $1, answered_at = $2 WHERE id = $3 AND answered_at IS NULL';

describe.skipIf(!postgresAvailable)('PostgreSQL callback answers after a read', () => {
  let store: PgStore;
  storeForEachTest((opened) => (store = opened));

  beforeEach(async () => {
    await store.write(async (tx) => tx.insertCallbackQuery(callbackQuery('q')));
  });

  const answer = (text: string, at: number) =>
    store.write({ bot: 1 }, async (tx) => tx.answerCallbackQuery('q', JSON.stringify({ text }), at));

  it('answers a query read unanswered with no round trip of its own', async () => {
    expect((await store.getCallbackQuery('q'))?.answered_at).toBeNull();
    const seen = countWriteStatements();
    let first: boolean;
    try {
      first = await answer('ok', 11);
    } finally {
      seen.stop();
    }
    expect(first).toBe(true);
    expect(seen.counts.get(PLAIN_ANSWER)).toBeUndefined();
    expect([...seen.counts.keys()].some((text) => text.startsWith('WITH answered AS'))).toBe(true);
    expect(await store.getCallbackQuery('q')).toMatchObject({ answer: '{"text":"ok"}', answered_at: 11 });
    // The hint went with the answer: a second answer asks the database, and is not first.
    expect(await answer('again', 12)).toBe(false);
  });

  it('answers false when the query was answered after the read, alone or in a batch that still commits', async () => {
    await store.write(async (tx) => tx.insertCallbackQuery(callbackQuery('s')));
    for (const id of ['q', 's']) {
      expect((await store.getCallbackQuery(id))?.answered_at).toBeNull();
      // Another node answers it meanwhile.
      await store.pool.query(
        `UPDATE callback_queries SET answer = '{"text":"other"}', answered_at = 5 WHERE id = $1`,
        [id],
      );
    }
    // Alone in its transaction.
    expect(await answer('late', 11)).toBe(false);
    // In a batch with another write.
    const [late, inserted] = await Promise.all([
      store.write({ bot: 1 }, async (tx) => tx.answerCallbackQuery('s', '{"text":"late"}', 11)),
      store.write({ bot: 1 }, async (tx) => tx.insertCallbackQuery(callbackQuery('r'))),
    ]);
    expect(late).toBe(false);
    expect(inserted).toBeUndefined();
    for (const id of ['q', 's'])
      expect(await store.getCallbackQuery(id)).toMatchObject({ answer: '{"text":"other"}', answered_at: 5 });
    expect(await store.getCallbackQuery('r')).toMatchObject({ id: 'r', answered_at: null });
  });

  it('of two answers of a query read unanswered, exactly one is first', async () => {
    expect((await store.getCallbackQuery('q'))?.answered_at).toBeNull();
    const results = await Promise.all([answer('one', 11), answer('two', 12)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results[0] ? 'one' : 'two';
    expect((await store.getCallbackQuery('q'))?.answer).toBe(JSON.stringify({ text: winner }));
  });
});
