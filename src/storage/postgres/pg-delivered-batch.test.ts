/**
 * The deliveries of several webhook bots finished in one turn, on PostgreSQL: each bot's write
 * (webhook-worker.ts) deletes its delivered updates and logs them; in one batch the deletes join in
 * one statement (tables/updates.ts, pg-waiting.ts `Later`) and the log's rows in one multi-row
 * insert (tables/webhook-log.ts), as the timeline's events do. Skipped without a PostgreSQL server
 * (contracts/postgres.ts).
 */
import { describe, expect, it } from 'vitest';
import type { PgStore } from './pg-store.js';
import { postgresAvailable, storeForEachTest } from '../contracts/postgres.js';
import { countWriteStatements } from '../contracts/pg-queries-seen.js';
import { update, webhookAttempt } from '../contracts/fixtures.js';
import { UPDATES_SQL } from '../sql/updates.js';

const delivered = (botId: number, updateId: number) =>
  webhookAttempt(botId, updateId, { queue_key: `c${botId}`, created_at: 1000 + updateId });

describe.skipIf(!postgresAvailable)('PostgreSQL deliveries of several bots in one batch', () => {
  let store: PgStore;
  storeForEachTest((opened) => (store = opened));

  it('deletes and logs the deliveries of three bots finished in one turn with one statement each', async () => {
    await store.write(async (tx) => {
      for (const bot of [1, 2, 3])
        for (const id of [10, 11, 12]) await tx.insertUpdate(update(bot, id, { queue_key: `c${bot}` }));
    });
    const seen = countWriteStatements();
    try {
      // As webhook-worker.ts finishes them: a write a bot, asked in one turn (one batch).
      await Promise.all(
        [1, 2, 3].map((bot) =>
          store.write({ bot }, async (tx) => {
            await tx.deleteUpdates(bot, [10, 11]);
            await tx.insertWebhookAttempts([delivered(bot, 10), delivered(bot, 11)]);
          }),
        ),
      );
    } finally {
      seen.stop();
    }
    const inserts = [...seen.counts].filter(([text]) => text.startsWith('INSERT INTO webhook_attempts'));
    expect(inserts).toHaveLength(1);
    expect(inserts[0]![1]).toBe(1);
    const deletes = [...seen.counts].filter(([text]) => text.startsWith('DELETE FROM updates'));
    expect(deletes).toEqual([
      [
        'DELETE FROM updates WHERE (bot_id, update_id) IN (SELECT * FROM unnest($1::bigint[], $2::bigint[]))',
        1,
      ],
    ]);
    for (const bot of [1, 2, 3]) {
      expect((await store.listUpdates(bot, 0, 100, 0)).map((row) => row.update_id)).toEqual([12]);
      const rows = await store.listWebhookAttempts({ botId: bot, limit: 10 });
      expect(rows.map((row) => [row.update_id, row.outcome, row.queue_key])).toEqual([
        [10, 'delivered', `c${bot}`],
        [11, 'delivered', `c${bot}`],
      ]);
    }
  });

  it("deletes one bot's delivered updates with the statement of one key", async () => {
    await store.write(async (tx) => {
      for (const id of [10, 11, 12]) await tx.insertUpdate(update(1, id, { queue_key: 'c1' }));
    });
    const seen = countWriteStatements();
    try {
      await store.write({ bot: 1 }, async (tx) => tx.deleteUpdates(1, [10, 12]));
    } finally {
      seen.stop();
    }
    expect([...seen.counts.keys()].filter((text) => text.startsWith('DELETE'))).toEqual([
      UPDATES_SQL.deleteUpdates.postgres.replace('?', '$1').replace('?', '$2'),
    ]);
    expect((await store.listUpdates(1, 0, 100, 0)).map((row) => row.update_id)).toEqual([11]);
  });
});
