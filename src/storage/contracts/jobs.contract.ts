/**
 * The storage contract of job claims (ports/jobs.ts): a claimed job is not handed to a second
 * claimant until its lease expires or is released, per-chat and per-request order hold across
 * claimants, and racing claimants never share a job.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Lease } from '../ports/jobs.js';
import type { Store } from '../store.js';
import { gatewayJob, update, verificationRequest } from './fixtures.js';

const T = 1_000_000;
const lease = (owner: string, now = T, ms = 60_000): Lease => ({ owner, now, until: now + ms });
const ids = (rows: Array<{ update_id: number }>) => rows.map((row) => row.update_id);

export function jobsContract(open: () => Promise<Store>): void {
  describe('job claims (ports/jobs.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    const queue = (rows: Array<[updateId: number, chat: string, nextAttemptAt?: number]>) =>
      store.write(async (tx) => {
        for (const [id, chat, next] of rows)
          await tx.insertUpdate(update(1, id, { queue_key: chat, next_attempt_at: next ?? 0 }));
      });

    it('does not hand a claimed update to a second claimant until the lease expires', async () => {
      await queue([
        [1, 'a'],
        [2, 'b'],
      ]);
      expect(ids(await store.jobs.claimUpdates(1, lease('A'), 10, 10))).toEqual([1, 2]);
      expect(await store.jobs.claimUpdates(1, lease('B', T + 59_999), 10, 10)).toEqual([]);
      // Nor again to the same owner while it holds them.
      expect(await store.jobs.claimUpdates(1, lease('A', T + 1), 10, 10)).toEqual([]);
      expect(ids(await store.jobs.claimUpdates(1, lease('B', T + 60_000), 10, 10))).toEqual([1, 2]);
    });

    it('keeps a chat with one owner at a time, in update_id order', async () => {
      await queue([
        [1, 'a'],
        [2, 'a'],
        [3, 'b'],
        [4, 'a'],
      ]);
      expect(ids(await store.jobs.claimUpdates(1, lease('A'), 10, 1))).toEqual([1]);
      // B may not take chat a's later updates while A holds its first; chat b is free.
      expect(ids(await store.jobs.claimUpdates(1, lease('B'), 10, 10))).toEqual([3]);
      // A, holding update 1, takes the rest of its chat in order.
      expect(ids(await store.jobs.claimUpdates(1, lease('A'), 10, 10))).toEqual([2, 4]);
    });

    it('tells whether a short claim passed over updates another owner holds', async () => {
      await queue([
        [1, 'a'],
        [2, 'b'],
      ]);
      expect(ids(await store.jobs.claimUpdates(1, lease('A'), 10, 1))).toEqual([1]);
      expect(store.jobs.heldElsewhere(1)).toBe(false);
      // B gets chat b, and passes over chat a, which A holds: B looks again later.
      expect(ids(await store.jobs.claimUpdates(1, lease('B'), 10, 10))).toEqual([2]);
      expect(store.jobs.heldElsewhere(1)).toBe(true);
      await store.jobs.release('A', [{ kind: 'update', botId: 1, updateId: 1 }]);
      expect(ids(await store.jobs.claimUpdates(1, lease('B'), 10, 10))).toEqual([1]);
      expect(store.jobs.heldElsewhere(1)).toBe(false);
      // Another bot's claims say nothing of this one.
      expect(await store.jobs.claimUpdates(2, lease('A'), 10, 10)).toEqual([]);
      expect(store.jobs.heldElsewhere(2)).toBe(false);
    });

    it('tells whether a claim may have left claimable updates behind', async () => {
      await queue([
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ]);
      expect(ids(await store.jobs.claimUpdates(1, lease('A'), 10, 2))).toEqual([1, 2]);
      expect(store.jobs.leftBehind(1)).toBe(true);
      expect(ids(await store.jobs.claimUpdates(1, lease('A'), 10, 10))).toEqual([3]);
      expect(store.jobs.leftBehind(1)).toBe(false);
      // Nothing to claim: nothing left behind.
      expect(await store.jobs.claimUpdates(1, lease('A', T + 1), 10, 10)).toEqual([]);
      expect(store.jobs.leftBehind(1)).toBe(false);
      await queue([[4, 'd']]);
      expect(ids(await store.jobs.claimUpdates(1, lease('A', T + 2), 10, 10))).toEqual([4]);
      expect(store.jobs.leftBehind(1)).toBe(false);
    });

    it('holds back a chat behind an update that is not due', async () => {
      await queue([
        [1, 'a', 5000],
        [2, 'a'],
        [3, 'b'],
      ]);
      expect(ids(await store.jobs.claimUpdates(1, lease('A'), 1000, 10))).toEqual([3]);
      expect(ids(await store.jobs.claimUpdates(1, lease('B'), 5000, 10))).toEqual([1, 2]);
    });

    it('renews, releases, and never hands out what was completed', async () => {
      await queue([
        [1, 'a'],
        [2, 'b'],
      ]);
      await store.jobs.claimUpdates(1, lease('A'), 10, 10);
      expect(await store.jobs.renew(lease('A', T + 30_000))).toBe(2);
      // The renewed lease runs to T + 90 000.
      expect(await store.jobs.claimUpdates(1, lease('B', T + 80_000), 10, 10)).toEqual([]);
      // Completed (deleted) and released: gone for everyone.
      await store.write(async (tx) => tx.deleteUpdate(1, 1));
      await store.jobs.release('A', [{ kind: 'update', botId: 1, updateId: 1 }]);
      expect(await store.jobs.claimUpdates(1, lease('B', T + 80_000), 10, 10)).toEqual([]);
      // Failed (rescheduled) and released: claimable when due again.
      await store.write(async (tx) => tx.recordAttempt(1, 2, 1, 2000));
      await store.jobs.release('A', [{ kind: 'update', botId: 1, updateId: 2 }]);
      expect(await store.jobs.claimUpdates(1, lease('B', T + 80_000), 1999, 10)).toEqual([]);
      const again = await store.jobs.claimUpdates(1, lease('B', T + 80_000), 2000, 10);
      expect(again.map((row) => [row.update_id, row.attempts])).toEqual([[2, 1]]);
      // Releasing all of an owner's claims frees them at once.
      await store.jobs.release('B');
      expect(ids(await store.jobs.claimUpdates(1, lease('C', T + 80_000), 2000, 10))).toEqual([2]);
    });

    it('hands a released pending update to its former owner again, and skips completed ones', async () => {
      await queue([
        [1, 'a'],
        [2, 'b'],
        [3, 'c'],
      ]);
      expect(ids(await store.jobs.claimUpdates(1, lease('A'), 10, 10))).toEqual([1, 2, 3]);
      await store.write(async (tx) => tx.deleteUpdate(1, 3));
      await store.jobs.release('A', [{ kind: 'update', botId: 1, updateId: 3 }], true);
      await store.jobs.release('A', [{ kind: 'update', botId: 1, updateId: 1 }]);
      await queue([[4, 'd']]);
      expect(ids(await store.jobs.claimUpdates(1, lease('A', T + 1), 10, 10))).toEqual([1, 4]);
    });

    it('never gives one update to two racing claimants', async () => {
      const rows: Array<[number, string]> = [];
      for (let id = 1; id <= 300; id++) rows.push([id, `chat-${id % 37}`]);
      await queue(rows);
      const owners = ['A', 'B', 'C', 'D'];
      const got = new Map<string, number[]>(owners.map((owner) => [owner, []]));
      // Each claimant claims, completes and releases in rounds, all at once.
      for (let round = 0; round < 40; round++) {
        await Promise.all(
          owners.map(async (owner) => {
            const claimed = await store.jobs.claimUpdates(1, lease(owner, T + round), 10, 7);
            got.get(owner)!.push(...ids(claimed));
            await store.write(async (tx) => {
              for (const row of claimed) await tx.deleteUpdate(1, row.update_id);
            });
            await store.jobs.release(
              owner,
              claimed.map((row) => ({ kind: 'update' as const, botId: 1, updateId: row.update_id })),
            );
          }),
        );
      }
      const all = [...got.values()].flat();
      expect(new Set(all).size).toBe(all.length);
      expect(all.sort((a, b) => a - b)).toEqual(rows.map(([id]) => id));
      // Per chat, each claimant's share came in update_id order.
      for (const share of got.values()) {
        const byChat = new Map<number, number[]>();
        for (const id of share) byChat.set(id % 37, [...(byChat.get(id % 37) ?? []), id]);
        for (const list of byChat.values()) expect(list).toEqual([...list].sort((a, b) => a - b));
      }
    });

    it('claims gateway jobs exclusively, one report of a request at a time', async () => {
      await store.write(async (tx) => {
        await tx.gateway.insertRequest(verificationRequest('r1'));
        await tx.gateway.insertJob(gatewayJob('r1', 'report', 100));
        await tx.gateway.insertJob(gatewayJob('r1', 'report', 100));
        await tx.gateway.insertJob(gatewayJob('r1', 'expire', 100));
        await tx.gateway.insertJob(gatewayJob('r1', 'receipt', 900));
      });
      const reports = await store.jobs.claimGatewayJobs('report', lease('A'), 500, 10);
      expect(reports.map((job) => job.kind)).toEqual(['report']);
      // The second report waits for the first, whoever asks.
      expect(await store.jobs.claimGatewayJobs('report', lease('B'), 500, 10)).toEqual([]);
      await store.write(async (tx) => tx.gateway.deleteJob(reports[0]!.id));
      await store.jobs.release('A', [{ kind: 'gateway', id: reports[0]!.id }]);
      expect(await store.jobs.claimGatewayJobs('report', lease('B'), 500, 10)).toHaveLength(1);

      const timed = await store.jobs.claimGatewayJobs('timed', lease('A'), 500, 10);
      expect(timed.map((job) => job.kind)).toEqual(['expire']);
      expect(await store.jobs.claimGatewayJobs('timed', lease('B'), 1000, 10)).toHaveLength(1);
      expect(await store.jobs.claimGatewayJobs('timed', lease('C', T + 60_000), 1000, 10)).toHaveLength(2);
    });

    it('lets one claimant at a time hold a sweep', async () => {
      expect(await store.jobs.claimSweep('retention', lease('A'))).toBe(true);
      expect(await store.jobs.claimSweep('retention', lease('A'))).toBe(true);
      expect(await store.jobs.claimSweep('retention', lease('B'))).toBe(false);
      await store.jobs.release('A', [{ kind: 'sweep', name: 'retention' }]);
      expect(await store.jobs.claimSweep('retention', lease('B'))).toBe(true);
      expect(await store.jobs.claimSweep('retention', lease('A', T + 60_000))).toBe(true);
    });
  });
}
