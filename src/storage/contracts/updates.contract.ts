/** The storage contract of update queues (ports/updates.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';
import { bot, update, user } from './fixtures.js';

export function updatesContract(open: () => Promise<Store>): void {
  describe('update queues (ports/updates.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('confirms, trims and expires updates', async () => {
      await store.write(async (tx) => {
        for (let id = 100; id < 110; id++)
          await tx.insertUpdate(update(1, id, { expires_at: id === 100 ? 500 : 90_000 }));
      });
      expect(await store.countUpdates(1)).toBe(10);
      expect((await store.listUpdates(1, 0, 100, 1000)).map((u) => u.update_id)[0]).toBe(101);
      await store.write(async (tx) => tx.deleteUpdatesBelow(1, 103));
      expect((await store.listUpdates(1, 0, 2, 1000)).map((u) => u.update_id)).toEqual([103, 104]);
      await store.write(async (tx) => tx.keepLastUpdates(1, 3));
      expect((await store.listUpdates(1, 0, 100, 1000)).map((u) => u.update_id)).toEqual([107, 108, 109]);
      await store.write(async (tx) => tx.recordAttempt(1, 107, 1, 5000));
      expect((await store.listPendingUpdates(1, 0, 10)).map((u) => u.update_id)).toEqual([107, 108, 109]);
      expect((await store.listPendingUpdates(1, 107, 1)).map((u) => u.update_id)).toEqual([108]);
      expect(await store.nextAttemptAfter(1, 0)).toBe(5000);
      expect(await store.nextAttemptAfter(1, 5000)).toBeUndefined();
      expect(await store.write(async (tx) => tx.deleteExpiredUpdates(100_000))).toBe(3);
    });

    it('takes counts past 32 bits (getUpdates with offset -2^31 keeps 2^31 updates)', async () => {
      await store.write(async (tx) => {
        for (let id = 1; id <= 3; id++) await tx.insertUpdate(update(1, id));
      });
      await store.write(async (tx) => tx.keepLastUpdates(1, 2 ** 31));
      expect((await store.listUpdates(1, 0, 2 ** 31, 0)).map((u) => u.update_id)).toEqual([1, 2, 3]);
      expect((await store.listPendingUpdates(1, 1, 2 ** 40)).map((u) => u.update_id)).toEqual([2, 3]);
    });

    it('deletes a batch of updates of one bot, skipping those already gone', async () => {
      await store.write(async (tx) => {
        for (const bot of [1, 2]) for (let id = 1; id <= 5; id++) await tx.insertUpdate(update(bot, id));
      });
      await store.write(async (tx) => tx.deleteUpdates(1, [2, 4, 9]));
      expect((await store.listPendingUpdates(1, 0, 10)).map((u) => u.update_id)).toEqual([1, 3, 5]);
      expect(await store.countUpdates(2)).toBe(5);
      await store.write(async (tx) => tx.deleteUpdates(1, []));
      await store.write(async (tx) => tx.deleteUpdates(1, [1, 3, 5]));
      expect(await store.countUpdates(1)).toBe(0);
    });

    it("answers a bot's row with its queue, as listUpdates answers it, in one read", async () => {
      await store.write(async (tx) => {
        await tx.insertUser(user(7, { is_bot: true, username: 'queuebot', phone_number: null }));
        await tx.insertBot(bot(7));
        await tx.updateBot(7, { last_update_id: 105, allowed_updates: '["message"]' });
        for (let id = 100; id <= 105; id++)
          await tx.insertUpdate(update(7, id, { expires_at: id === 101 ? 500 : 90_000 }));
        await tx.insertUpdate(update(8, 1));
      });
      const read = await store.readBotQueue(7, 100, 3, 1000);
      expect(read!.bot).toEqual(await store.getBot(7));
      expect(read!.bot.last_update_id).toBe(105);
      // From the id, unexpired, in order, up to the limit: the rows listUpdates answers, as it does.
      expect(read!.rows).toEqual(await store.listUpdates(7, 100, 3, 1000));
      expect(read!.rows.map((row) => row.update_id)).toEqual([100, 102, 103]);
      expect(read!.rows[0]).toEqual(update(7, 100, { expires_at: 90_000 }));
      expect((await store.readBotQueue(7, 104, 100, 1000))!.rows.map((row) => row.update_id)).toEqual([
        104, 105,
      ]);
      expect((await store.readBotQueue(7, 106, 100, 1000))!.rows).toEqual([]);
      expect(await store.readBotQueue(8, 0, 100, 0)).toBeUndefined();
    });
  });
}
