/** The storage contract of the webhook delivery log (ports/webhook-log.ts). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';
import type { NewWebhookAttempt } from '../ports/webhook-log.js';
import { webhookAttempt } from './fixtures.js';

/** Attempt `n` of an update, failed (a 500) and to be tried again, unless `extra` says otherwise. */
function attempt(botId: number, updateId: number, n: number, extra: Partial<NewWebhookAttempt> = {}) {
  return webhookAttempt(botId, updateId, {
    attempt: n,
    status_code: 500,
    error: 'Wrong response from the webhook: 500 Internal Server Error',
    outcome: 'failed',
    created_at: 1000 * n,
    next_attempt_at: 1000 * n + 1000,
    ...extra,
  });
}

export function webhookLogContract(open: () => Promise<Store>): void {
  describe('webhook delivery log (ports/webhook-log.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('lists the newest attempts of a bot or an update, oldest first, with the payload kept', async () => {
      await store.write(async (tx) => {
        await tx.insertWebhookAttempts([attempt(1, 10, 1), attempt(2, 10, 1)]);
        await tx.insertWebhookAttempts([
          attempt(1, 10, 2, {
            status_code: 200,
            error: null,
            outcome: 'delivered',
            next_attempt_at: null,
            payload: '{"text":"hi"}',
          }),
          attempt(1, 11, 1, { status_code: null, error: 'Connection refused' }),
        ]);
      });
      const all = await store.listWebhookAttempts({ botId: 1, limit: 10 });
      expect(all.map((row) => [row.update_id, row.attempt])).toEqual([
        [10, 1],
        [10, 2],
        [11, 1],
      ]);
      expect(all[0]!.id).toBeLessThan(all[1]!.id);
      expect(all[1]).toMatchObject({
        bot_id: 1,
        update_type: 'message',
        queue_key: 'c1',
        url: 'http://127.0.0.1:9/hook',
        request_bytes: 40,
        status_code: 200,
        error: null,
        outcome: 'delivered',
        duration_ms: 3,
        created_at: 2000,
        next_attempt_at: null,
        payload: '{"text":"hi"}',
      });
      expect(all[2]).toMatchObject({ status_code: null, error: 'Connection refused', next_attempt_at: 2000 });
      expect((await store.listWebhookAttempts({ botId: 1, limit: 2 })).map((row) => row.update_id)).toEqual([
        10, 11,
      ]);
      const ofUpdate = await store.listWebhookAttempts({ botId: 1, updateId: 10, limit: 10 });
      expect(ofUpdate.map((row) => row.attempt)).toEqual([1, 2]);
      expect(await store.listWebhookAttempts({ botId: 3, limit: 10 })).toEqual([]);
      expect((await store.getWebhookPayload(1, 10))?.payload).toBe('{"text":"hi"}');
      expect(await store.getWebhookPayload(1, 11)).toBeUndefined();
      expect(await store.getWebhookPayload(2, 10)).toBeUndefined();
    });

    it('prunes a bot to its newest attempts, and the payloads to fewer', async () => {
      await store.write(async (tx) => {
        const rows: NewWebhookAttempt[] = [];
        for (let id = 1; id <= 5; id += 1) {
          rows.push(attempt(1, id, 1, { outcome: 'delivered', payload: `{"n":${id}}` }));
        }
        rows.push(attempt(2, 1, 1, { outcome: 'delivered', payload: '{"n":0}' }));
        await tx.insertWebhookAttempts(rows);
      });
      expect(await store.listWebhookLogBots(0, 10)).toEqual([1, 2]);
      expect(await store.listWebhookLogBots(1, 10)).toEqual([2]);
      expect(await store.listWebhookLogBots(0, 1)).toEqual([1]);
      expect(await store.write((tx) => tx.pruneWebhookAttempts(1, 3, 2))).toBe(2);
      expect(await store.write((tx) => tx.pruneWebhookAttempts(2, 3, 2))).toBe(0);
      const kept = await store.listWebhookAttempts({ botId: 1, limit: 10 });
      expect(kept.map((row) => [row.update_id, row.payload])).toEqual([
        [3, null],
        [4, '{"n":4}'],
        [5, '{"n":5}'],
      ]);
      expect((await store.listWebhookAttempts({ botId: 2, limit: 10 })).map((row) => row.payload)).toEqual([
        '{"n":0}',
      ]);
      expect(await store.write((tx) => tx.pruneWebhookAttempts(1, 3, 2))).toBe(0);
      expect(await store.getWebhookPayload(1, 3)).toBeUndefined();
    });
  });
}
