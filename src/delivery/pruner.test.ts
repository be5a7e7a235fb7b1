/**
 * The retention sweep (pruner.ts, ADR 0092) keeps what retention says, in small steps: updates
 * until they expire (deleted in slices of the expiry index), and per bot the newest attempts of the
 * webhook delivery log with the payloads of the newest of them; the bots that logged since the last
 * sweep and, over several sweeps, every bot with a log; the timeline's newest events, the older
 * ones deleted a slice per write.
 */
import pino from 'pino';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { JobClaimant } from './job-claimant.js';
import { pauseAfterStep, Pruner, WEBHOOK_LOG_KEEP, WEBHOOK_LOG_KEEP_PAYLOADS } from './pruner.js';
import type { Platform } from '../platform/assembly/platform.js';
import { sqlitePlatform } from '../../test/helpers/test-platform.js';
import type { SqliteStore } from '../storage/sqlite/sqlite-store.js';
import { update, webhookAttempt } from '../storage/contracts/fixtures.js';
import type { NewWebhookAttempt } from '../storage/ports/webhook-log.js';
import { waitFor } from '../../test/helpers/wait-for.js';

let store: SqliteStore;
let platform: Platform;
let claimant: JobClaimant;
const log = pino({ level: 'silent' });

beforeEach(() => {
  ({ store, platform } = sqlitePlatform());
  claimant = new JobClaimant(store.jobs);
});

afterEach(async () => {
  await store.close();
});

function attempts(botId: number, count: number): NewWebhookAttempt[] {
  return Array.from({ length: count }, (_, i) =>
    webhookAttempt(botId, i + 1, { duration_ms: 1, created_at: i, payload: `{"n":${i + 1}}` }),
  );
}

it('deletes expired updates in slices and keeps the others', async () => {
  const now = platform.deps.clock.now();
  await store.write(async (tx) => {
    for (let id = 1; id <= 2500; id++) await tx.insertUpdate(update(1, id, { expires_at: now - 10 }));
    for (let id = 2501; id <= 2510; id++) await tx.insertUpdate(update(1, id, { expires_at: now + 3600 }));
  });
  const pruner = new Pruner(platform, log, claimant);
  expect(await pruner.prune()).toBe(2500);
  expect((await store.listUpdates(1, 0, 100, 0)).map((row) => row.update_id)).toEqual(
    Array.from({ length: 10 }, (_, i) => 2501 + i),
  );
});

it('prunes the log of the bots that logged, and every bot over successive sweeps', async () => {
  // 250 bots with a log past what is kept would take two sweeps of the full pass (200 a sweep).
  const over = WEBHOOK_LOG_KEEP + 20;
  await store.write(async (tx) => {
    await tx.insertWebhookAttempts(attempts(1, over));
    for (let bot = 2; bot <= 250; bot++) await tx.insertWebhookAttempts(attempts(bot, 3));
    await tx.insertWebhookAttempts(attempts(251, over));
  });
  const logged = [251];
  const pruner = new Pruner(platform, log, claimant, { loggedBots: () => logged.splice(0) });
  await pruner.prune();
  // Bot 1 was in the first slice of the full pass, bot 251 had logged.
  for (const bot of [1, 251]) {
    const kept = await store.listWebhookAttempts({ botId: bot, limit: 5000 });
    expect(kept).toHaveLength(WEBHOOK_LOG_KEEP);
    expect(kept[0]!.update_id).toBe(over - WEBHOOK_LOG_KEEP + 1);
    expect(kept.at(-1)!.update_id).toBe(over);
    const withPayload = kept.filter((row) => row.payload !== null).map((row) => row.update_id);
    expect(withPayload).toEqual(Array.from({ length: WEBHOOK_LOG_KEEP_PAYLOADS }, (_, i) => over - 99 + i));
  }
  // Bots within the limits keep everything.
  expect(await store.listWebhookAttempts({ botId: 7, limit: 10 })).toHaveLength(3);
});

it('reaches a bot past the first slice of the full pass in a later sweep', async () => {
  const over = WEBHOOK_LOG_KEEP + 5;
  await store.write(async (tx) => {
    for (let bot = 1; bot <= 220; bot++) await tx.insertWebhookAttempts(attempts(bot, 1));
    await tx.insertWebhookAttempts(attempts(300, over));
  });
  const pruner = new Pruner(platform, log, claimant);
  await pruner.prune();
  expect(await store.listWebhookAttempts({ botId: 300, limit: 5000 })).toHaveLength(over);
  await pruner.prune();
  expect(await store.listWebhookAttempts({ botId: 300, limit: 5000 })).toHaveLength(WEBHOOK_LOG_KEEP);
});

function timelineEvent(at: number, n: number) {
  return {
    at,
    kind: 'call' as const,
    name: 'sendMessage',
    bot_id: 1,
    chat_id: null,
    person_id: null,
    status: 'ok',
    summary: `call ${n}`,
    duration_ms: 1,
    request: null,
    answer: null,
  };
}

it('prunes the timeline to its newest events a slice per write', async () => {
  const at = platform.deps.clock.nowMs();
  const events = Array.from({ length: 2650 }, (_, n) => timelineEvent(at, n));
  await store.write((tx) => tx.insertTimelineEvents(events));
  // A store binds its methods on first use (compose.ts `bindOnFirstUse`): bound before the spy wraps it.
  void store.pruneTimeline;
  const slices = vi.spyOn(store, 'pruneTimeline');
  await new Pruner(platform, log, claimant, { timelineMax: 100 }).prune();
  const deleted = await Promise.all(slices.mock.results.map((result) => result.value as Promise<number>));
  expect(deleted).toEqual([...Array<number>(10).fill(250), 50]);
  const left = await store.listTimeline({ limit: 200 });
  expect(left.map((row) => row.summary)).toEqual(Array.from({ length: 100 }, (_, i) => `call ${2649 - i}`));
});

it('pauses after each step four times as long as the step took, at most 50 ms', () => {
  expect(pauseAfterStep(0.1)).toBeCloseTo(0.4);
  expect(pauseAfterStep(2)).toBe(8);
  expect(pauseAfterStep(30)).toBe(50);
});

it('pauses between the slices of the timeline, so that a large backlog is not deleted back to back', async () => {
  // Issue 31: 110,000 events after a world was made went in ~110 slices with only a yield between.
  const at = platform.deps.clock.nowMs();
  const events = Array.from({ length: 1100 }, (_, n) => timelineEvent(at, n));
  await store.write((tx) => tx.insertTimelineEvents(events));
  // Bound on first use (see above): the store's own slice, called through the spy.
  const pruneOnce = store.pruneTimeline;
  const calls: string[] = [];
  const spy = vi.spyOn(store, 'pruneTimeline').mockImplementation((keep, olderThan, limit) => {
    calls.push('slice');
    return pruneOnce(keep, olderThan, limit);
  });
  const pauses: number[] = [];
  const pause = async (ms: number) => {
    pauses.push(ms);
    calls.push('pause');
  };
  await new Pruner(platform, log, claimant, { timelineMax: 100, pause }).prune();
  spy.mockRestore();
  // 1000 to delete: four full slices and a last one that finds nothing, a pause between each two.
  expect(calls.slice(calls.indexOf('slice'))).toEqual([
    'slice',
    'pause',
    'slice',
    'pause',
    'slice',
    'pause',
    'slice',
    'pause',
    'slice',
  ]);
  expect(pauses.every((ms) => ms >= 0 && ms <= 50)).toBe(true);
  expect(await store.listTimeline({ limit: 200 })).toHaveLength(100);
});

it('ends a sweep at its next pause once stopped', async () => {
  // A paced sweep may last seconds: a server closing its store must not see it write again.
  const at = platform.deps.clock.nowMs();
  const events = Array.from({ length: 1100 }, (_, n) => timelineEvent(at, n));
  await store.write((tx) => tx.insertTimelineEvents(events));
  void store.pruneTimeline;
  const slices = vi.spyOn(store, 'pruneTimeline');
  const stopper = { stop: () => {} };
  const pause = async () => {
    // Stops at the first pause after a timeline slice.
    if (slices.mock.calls.length > 0) stopper.stop();
  };
  const pruner = new Pruner(platform, log, claimant, { timelineMax: 100, pause });
  stopper.stop = () => pruner.stop();
  await pruner.prune();
  expect(slices).toHaveBeenCalledTimes(1);
  expect(await store.listTimeline({ limit: 2000 })).toHaveLength(1100 - 250);
});

it('ends a pause under way when stopped', async () => {
  // A pause of up to 50 ms must not hold a server that is closing: stop() ends it.
  const at = platform.deps.clock.nowMs();
  await store.write((tx) =>
    tx.insertTimelineEvents(Array.from({ length: 600 }, (_, n) => timelineEvent(at, n))),
  );
  let paused = false;
  // A pause that never ends on its own.
  const pause = () => {
    paused = true;
    return new Promise<void>(() => {});
  };
  const pruner = new Pruner(platform, log, claimant, { timelineMax: 100, pause });
  const sweep = pruner.prune();
  await waitFor(() => paused, { what: 'the first pause' });
  pruner.stop();
  expect(await sweep).toBe(0);
});
