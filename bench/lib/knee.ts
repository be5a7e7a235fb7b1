/**
 * Scenario 9's knee: the highest rate whose person-to-reply p99 stays under the limit. The ladder's
 * rates are far apart (400, 700, 1,000 messages/s), so a knee read off it alone moves a ratio of two
 * knees in large jumps (0.4, 0.57, 0.7): a world that holds 650/s and one that holds 1,000/s are
 * "400 against 1,000". The steps after the ladder halve the gap between the last rate held and the
 * first failed, so that the knee is known to a fraction of the gap (issue 31).
 */

/** A step's rate and whether its p99 stayed under the limit. */
export interface Tried {
  rate: number;
  held: boolean;
}

/** Rates are rounded to this many messages/s (a finer rate says nothing on a noisy machine). */
const GRAIN = 25;

/**
 * The gap the steps so far leave: the highest rate held below every failure, and the lowest rate
 * failed. `held` is 0 when no rate held; `failed` undefined when none failed.
 */
export function kneeGap(tried: readonly Tried[]): { held: number; failed: number | undefined } {
  let failed: number | undefined;
  for (const step of tried)
    if (!step.held && (failed === undefined || step.rate < failed)) failed = step.rate;
  let held = 0;
  for (const step of tried)
    if (step.held && step.rate > held && (failed === undefined || step.rate < failed)) held = step.rate;
  return { held, failed };
}

/**
 * The next rate to try between the last held and the first failed (their middle, on the grain), or
 * undefined when there is no gap to halve: nothing failed, nothing held, or the gap is one grain.
 */
export function nextRefinement(tried: readonly Tried[]): number | undefined {
  const { held, failed } = kneeGap(tried);
  if (failed === undefined || held === 0) return undefined;
  const middle = Math.round((held + failed) / 2 / GRAIN) * GRAIN;
  return middle > held && middle < failed ? middle : undefined;
}
