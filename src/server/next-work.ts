/**
 * When a Parley's background work is next due (ADR 0064): the earliest of its pending webhook
 * deliveries, gateway jobs (timed jobs and delivery reports), boost expiries, giveaway draws,
 * suggested posts and subscription renewals. A workspace closed while idle is woken at that time, so
 * that closing it never leaves its work undone. Read from the rows (the workers' own timers are
 * capped at a minute, so they cannot say).
 */
import type { Platform } from '../platform/assembly/platform.js';

/** Later than any row's time: the reads below then answer the earliest of all rows. */
const FAR = Number.MAX_SAFE_INTEGER;

/** The real time (ms since the epoch, the system's clock) the next work is due, or undefined: none. */
export async function nextWorkAt(platform: Platform): Promise<number | undefined> {
  const { store, clock } = platform.deps;
  const [jobs, boost, giveaway, post, subscriptions] = await Promise.all([
    store.oldestDueJobs(FAR),
    store.nextChatBoostExpiry(),
    store.nextGiveawayDue(),
    store.nextSuggestedPostDue(),
    store.listDueSubscriptions(FAR, 1),
  ]);
  const renewal = subscriptions[0]?.expires_at ?? undefined;
  // Rows in virtual ms, and in virtual seconds.
  const times = [
    jobs.webhook,
    jobs.gateway,
    ...[boost, giveaway, post, renewal].map((seconds) => (seconds == null ? undefined : seconds * 1000)),
  ].filter((time): time is number => time !== undefined);
  if (times.length === 0) return undefined;
  // A closed workspace's clock cannot move (moving it is a request, which opens it): its offset holds.
  return Math.min(...times) - clock.offsetMs();
}
