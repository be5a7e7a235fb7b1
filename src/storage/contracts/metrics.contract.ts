/** The storage contract of the scrape-time reads of the metrics (ports/metrics.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';
import { bot, gatewayJob, update, user, verificationRequest } from './fixtures.js';

export function metricsContract(open: () => Promise<Store>): void {
  describe('metrics reads (ports/metrics.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('answers nothing pending and no lag on an empty store', async () => {
      expect(await store.countPendingUpdates()).toEqual({ all: 0, webhook: 0 });
      expect(await store.oldestDueJobs(10_000_000)).toEqual({ webhook: undefined, gateway: undefined });
      expect(await store.listAccountBalances(10)).toEqual([]);
    });

    it('counts pending updates, those of webhook bots apart', async () => {
      await store.write(async (tx) => {
        for (const id of [1, 2]) {
          await tx.insertUser(user(id, { is_bot: true }));
          await tx.insertBot(bot(id));
        }
        await tx.updateBot(2, { webhook_url: 'https://example.com/hook' });
        for (const id of [10, 11, 12]) await tx.insertUpdate(update(1, id));
        for (const id of [20, 21]) await tx.insertUpdate(update(2, id));
      });
      expect(await store.countPendingUpdates()).toEqual({ all: 5, webhook: 2 });
      await store.write(async (tx) => tx.deleteUpdate(2, 20));
      expect(await store.countPendingUpdates()).toEqual({ all: 4, webhook: 1 });
    });

    it('finds the oldest due job of each queue', async () => {
      await store.write(async (tx) => {
        for (const id of [1, 2]) {
          await tx.insertUser(user(id, { is_bot: true }));
          await tx.insertBot(bot(id));
        }
        await tx.updateBot(2, { webhook_url: 'https://example.com/hook' });
        // Bot 1 polls: its updates are no job, however old.
        await tx.insertUpdate(update(1, 10, { created_at: 100 }));
        // Due since its creation (200 s); due since its retry time (900 000 ms); not due yet.
        await tx.insertUpdate(update(2, 20, { created_at: 200, queue_key: 'a' }));
        await tx.insertUpdate(update(2, 21, { created_at: 300, next_attempt_at: 900_000, queue_key: 'b' }));
        await tx.insertUpdate(update(2, 22, { created_at: 300, next_attempt_at: 5_000_000, queue_key: 'c' }));
        await tx.gateway.insertRequest(verificationRequest('r1'));
        await tx.gateway.insertJob(gatewayJob('r1', 'expire', 700_000));
        await tx.gateway.insertJob(gatewayJob('r1', 'read', 3_000_000));
      });
      expect(await store.oldestDueJobs(1_000_000)).toEqual({ webhook: 200_000, gateway: 700_000 });
      // Before anything is due.
      expect(await store.oldestDueJobs(150_000)).toEqual({ webhook: undefined, gateway: undefined });
      await store.write(async (tx) => tx.deleteUpdate(2, 20));
      expect(await store.oldestDueJobs(1_000_000)).toEqual({ webhook: 900_000, gateway: 700_000 });
      expect((await store.oldestDueJobs(600_000)).webhook).toBeUndefined();
    });

    it('lists gateway account balances in id order, at most limit', async () => {
      const ids = await store.write(async (tx) => {
        const out: number[] = [];
        for (const [i, balance] of [5_000_000, 0, 1_250_000].entries())
          out.push(
            await tx.gateway.insertAccount({
              owner_user_id: 7,
              token_lookup: `look-${i}`,
              signing_key: Buffer.alloc(32, i),
              balance,
              default_price: 10_000,
              created_at: 1,
            }),
          );
        return out;
      });
      expect(await store.listAccountBalances(10)).toEqual([
        { id: ids[0], balance: 5_000_000 },
        { id: ids[1], balance: 0 },
        { id: ids[2], balance: 1_250_000 },
      ]);
      expect(await store.listAccountBalances(2)).toHaveLength(2);
    });

    it('tells an observer each commit, once per transaction', async () => {
      const seen: number[] = [];
      store.observeCommits((ms) => seen.push(ms));
      await store.write(async (tx) => tx.insertUser(user(1)));
      await Promise.all([
        store.write(async (tx) => tx.insertUser(user(2))),
        store.write(async (tx) => tx.insertUser(user(3))),
      ]);
      expect(seen.length).toBeGreaterThanOrEqual(2);
      expect(seen.length).toBeLessThanOrEqual(3);
      for (const ms of seen) expect(ms).toBeGreaterThanOrEqual(0);
      // A write that fails commits nothing and is not observed.
      const before = seen.length;
      await expect(
        store.write(async () => {
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      expect(seen.length).toBe(before);
      store.observeCommits(undefined);
      await store.write(async (tx) => tx.insertUser(user(4)));
      expect(seen.length).toBe(before);
    });
  });
}
