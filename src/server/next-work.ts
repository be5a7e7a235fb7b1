/**
 * When a Parley's background work is next due (ADR 0064): the earliest of its pending webhook
 * deliveries, gateway jobs (timed jobs and delivery reports) and the platform's timed jobs (boost
 * expiries, giveaway draws, suggested posts, subscription renewals, poll closings: whatever the
 * platform's parts registered, platform/core/timed-jobs.ts). A workspace closed while idle is woken
 * at that time, so that closing it never leaves its work undone. Read from the rows (the workers' own
 * timers are capped at a minute, so they cannot say).
 */
import type { Platform } from '../platform/assembly/platform.js';

/** Later than any row's time: the reads below then answer the earliest of all rows. */
const FAR = Number.MAX_SAFE_INTEGER;

/** The real time (ms since the epoch, the system's clock) the next work is due, or undefined: none. */
export async function nextWorkAt(platform: Platform): Promise<number | undefined> {
  const { store, clock } = platform.deps;
  const [jobs, timed] = await Promise.all([store.oldestDueJobs(FAR), platform.timedJobs.nextDue()]);
  // All in virtual ms.
  const times = [jobs.webhook, jobs.gateway, timed].filter((time): time is number => time !== undefined);
  if (times.length === 0) return undefined;
  // A closed workspace's clock cannot move (moving it is a request, which opens it): its offset holds.
  return Math.min(...times) - clock.offsetMs();
}
