/**
 * Bot rows read ahead for a batch of writes keyed by their bots (pg-transaction.ts `ahead`,
 * pg-sql.ts ReadMemo): one statement with the batch's first query answers every write's read of its
 * bot; the rows then follow the transaction's own increments of update ids, are read again after
 * any other write of a bot, and never outlive a write rolled back to its savepoint. Skipped without
 * a PostgreSQL server (contracts/postgres.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PgStore } from './pg-store.js';
import { postgresAvailable, storeForEachTest } from '../contracts/postgres.js';
import { bot, user } from '../contracts/fixtures.js';
import type { StoreTx } from '../store.js';
import { countWriteStatements } from '../contracts/pg-queries-seen.js';

const BOTS = [10, 11, 12];

/** A person's message to a bot as the platform queues it: the bot's row, then an update id. */
function queueFor(botId: number, at: number) {
  return async (tx: StoreTx) => {
    const before = (await tx.getBot(botId))!;
    const id = await tx.nextUpdateId(botId, at);
    const after = (await tx.getBot(botId))!;
    return { before: before.last_update_id, id, after: [after.last_update_id, after.last_update_at] };
  };
}

describe.skipIf(!postgresAvailable)('PostgreSQL bot rows read ahead for a batch', () => {
  let store: PgStore;
  storeForEachTest((opened) => (store = opened));

  beforeEach(async () => {
    await store.write(async (tx) => {
      for (const id of BOTS) {
        await tx.insertUser(user(id, { is_bot: true, phone_number: null, username: `ahead_${id}_bot` }));
        await tx.insertBot(bot(id));
      }
    });
  });

  it("answers each write's bot from one read, following the batch's increments", async () => {
    const counter = countWriteStatements();
    let answers;
    try {
      answers = await Promise.all([
        store.write({ bot: 10 }, queueFor(10, 100)),
        store.write({ bot: 11 }, queueFor(11, 101)),
        store.write({ bot: 10 }, queueFor(10, 102)),
        store.write({ bot: 12 }, queueFor(12, 103)),
      ]);
    } finally {
      counter.stop();
    }
    expect(answers).toEqual([
      { before: 5_000_000, id: 5_000_001, after: [5_000_001, 100] },
      { before: 5_000_000, id: 5_000_001, after: [5_000_001, 101] },
      { before: 5_000_001, id: 5_000_002, after: [5_000_002, 102] },
      { before: 5_000_000, id: 5_000_001, after: [5_000_001, 103] },
    ]);
    const texts = [...counter.counts.keys()];
    expect(texts.filter((text) => /FROM bots WHERE id = \$1/.test(text))).toEqual([]);
    expect(counter.counts.get('SELECT * FROM bots WHERE id = ANY($1::bigint[])')).toBe(1);
    const rows = await store.pool.query('SELECT id, last_update_id FROM bots ORDER BY id');
    expect(rows.rows).toEqual([
      { id: 10, last_update_id: 5_000_002 },
      { id: 11, last_update_id: 5_000_001 },
      { id: 12, last_update_id: 5_000_001 },
    ]);
  });

  it('reads a bot again after another write of bots in the transaction', async () => {
    const [, seen] = await Promise.all([
      store.write({ bot: 10 }, async (tx) => (await tx.getBot(10))!.allowed_updates),
      store.write({ bot: 11 }, async (tx) => {
        await tx.updateBot(10, { allowed_updates: '["message"]' });
        return (await tx.getBot(10))!.allowed_updates;
      }),
    ]);
    expect(seen).toBe('["message"]');
  });

  it('reads what other transactions committed before its own began', async () => {
    await store.pool.query('UPDATE bots SET webhook_url = $1 WHERE id = 12', ['https://example.com/hook']);
    const url = await store.write({ bot: 12 }, async (tx) => (await tx.getBot(12))!.webhook_url);
    expect(url).toBe('https://example.com/hook');
  });

  it('forgets the rows a write rolled back to its savepoint had changed', async () => {
    const failing = store.write({ bot: 10 }, async (tx) => {
      await tx.nextUpdateId(10, 200);
      throw new Error('the write fails after its increment');
    });
    const after = store.write({ bot: 10 }, async (tx) => (await tx.getBot(10))!.last_update_id);
    await expect(failing).rejects.toThrow('the write fails after its increment');
    expect(await after).toBe(5_000_000);
  });
});
