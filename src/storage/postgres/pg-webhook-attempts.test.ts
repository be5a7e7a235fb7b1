/**
 * The webhook delivery log's rows on PostgreSQL (tables/webhook-log.ts): in a write, a finished
 * delivery's rows wait for the transaction's next statement and join the rows that wait with them,
 * so the deliveries of several bots finished in one turn (each bot's write: its updates' delete and
 * its log rows) log in one multi-row insert, as the timeline's events do (pg-waiting.ts). Skipped
 * without a PostgreSQL server (contracts/postgres.ts).
 */
import { describe, expect, it } from 'vitest';
import type { PgStore } from './pg-store.js';
import { postgresAvailable, storeForEachTest } from '../contracts/postgres.js';
import { countWriteStatements } from '../contracts/pg-queries-seen.js';
import type { NewWebhookAttempt } from '../ports/webhook-log.js';

function delivered(botId: number, updateId: number): NewWebhookAttempt {
  return {
    bot_id: botId,
    update_id: updateId,
    update_type: 'message',
    queue_key: `c${botId}`,
    url: 'http://127.0.0.1:9/hook',
    attempt: 1,
    request_bytes: 40,
    status_code: 200,
    error: null,
    outcome: 'delivered',
    duration_ms: 3,
    created_at: 1000 + updateId,
    next_attempt_at: null,
    payload: null,
  };
}

describe.skipIf(!postgresAvailable)('PostgreSQL webhook log rows in a batch', () => {
  let store: PgStore;
  storeForEachTest((opened) => (store = opened));

  it('logs the deliveries of three bots finished in one turn with one insert', async () => {
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
    for (const bot of [1, 2, 3]) {
      const rows = await store.listWebhookAttempts({ botId: bot, limit: 10 });
      expect(rows.map((row) => [row.update_id, row.outcome, row.queue_key])).toEqual([
        [10, 'delivered', `c${bot}`],
        [11, 'delivered', `c${bot}`],
      ]);
    }
  });
});
