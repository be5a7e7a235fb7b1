/**
 * A delivered update's delete on PostgreSQL (WebhookWorker.delivered, ADR 0106): the deliveries of
 * a bot that finish in one turn of the event loop share one write, and a delivery that finishes
 * later does not join it. That write may be in a batch whose transaction (SERIALIZABLE) took its
 * snapshot before the later delivery's row was claimed: its claim changed the row (its lease)
 * after the snapshot, its delete then fails with a serialization conflict, and the whole batch
 * runs again. Skipped without a PostgreSQL server (contracts/postgres.ts).
 */
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { JobClaimant } from './job-claimant.js';
import { WebhookWorker } from './webhook-worker.js';
import type { Platform } from '../platform/assembly/platform.js';
import { SystemClock } from '../platform/core/clock.js';
import { postgresAvailable, storeForEachTest } from '../storage/contracts/postgres.js';
import { bot, update, user } from '../storage/contracts/fixtures.js';
import type { PgStore } from '../storage/postgres/pg-store.js';

const BOT = 10;
const OTHER = 11;

describe.skipIf(!postgresAvailable)('PostgreSQL: a delivered update deleted', () => {
  let store: PgStore;
  let worker: WebhookWorker;

  storeForEachTest((opened) => (store = opened));

  beforeEach(async () => {
    const expiresAt = Math.floor(Date.now() / 1000) + 86_400;
    await store.write(async (tx) => {
      for (const id of [BOT, OTHER]) {
        await tx.insertUser(user(id, { is_bot: true, phone_number: null, username: `del_${id}_bot` }));
        await tx.insertBot(bot(id));
      }
      await tx.insertUpdate(update(BOT, 1, { queue_key: 'c1', expires_at: expiresAt }));
      await tx.insertUpdate(update(BOT, 2, { queue_key: 'c2', expires_at: expiresAt }));
    });
    const platform = {
      deps: { store, clock: new SystemClock() },
      timeline: { enabled: false, appended: () => undefined },
    } as unknown as Platform;
    const runReply = async () => undefined;
    worker = new WebhookWorker(platform, pino({ level: 'silent' }), runReply, new JobClaimant(store.jobs));
  });

  afterEach(async () => {
    await worker.stop();
  });

  it('joins no write whose transaction may have begun before its row was claimed', async () => {
    const claimant = worker.claimant;
    const claim = async (limit: number) =>
      (await store.jobs.claimUpdates(BOT, claimant.lease(), Date.now(), limit)).map((row) => row.update_id);
    expect(await claim(1)).toEqual([1]);

    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    // A write of the same lane, first in the batch: it reads (the transaction's snapshot), then
    // waits, as a write's round trips make the later writes of its batch run late.
    const first = store.write({ bot: OTHER }, async () => {
      const n = await store.countUpdates(BOT);
      started();
      await gate;
      return n;
    });
    // Update 1 delivered in the same turn: its delete goes in the same batch, after that write.
    const deleted1 = worker.delivered(BOT, 1);
    await inside;
    // Update 2 is claimed after the snapshot, then delivered while the batch still waits.
    expect(await claim(10)).toEqual([2]);
    const before = store.reruns.serialization;
    const deleted2 = worker.delivered(BOT, 2);
    open();
    expect(await Promise.all([first, deleted1, deleted2])).toEqual([2, undefined, undefined]);
    expect(store.reruns.serialization - before).toBe(0);
    expect(await store.countUpdates(BOT)).toBe(0);
  });
});
