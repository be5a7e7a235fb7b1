/**
 * Growing waits after wrong login codes (ADR 0065), so that a code cannot be guessed by asking for
 * new ones: a code allows 5 wrong tries, and one code per 30 s alone let 10 guesses a minute through.
 *
 * Wrong codes are counted per person (their number) and per client address, each in a count of its
 * own. Each `perRound`-th wrong code of a count (the person's: 5, one code's worth; a client's: 10,
 * across numbers) starts a wait: 5 minutes for the first, doubling for each next one, at most a
 * day. While a wait lasts, no code is sent to that number or from that client, and no code is
 * compared (FLOOD_WAIT). A count is forgotten after 7 days without a wrong code once its wait has
 * ended; the person's right code forgets the person's count at once (not the client's).
 *
 * Counting wrong codes (not voided codes) also catches a guesser who asks for a new code before the
 * 5th wrong try. Counts are kept by the store (settings `web.login.failures.user.<id>` and
 * `web.login.failures.client.<address>`), so they survive a restart and are per workspace.
 */

/** One count as stored (JSON). Times in virtual-clock milliseconds. */
export interface LoginFailures {
  /** Wrong codes since the count was last forgotten. */
  count: number;
  /** Until when nothing is sent or compared for this count's key (0: no wait yet). */
  blocked_until: number;
  /** When the last wrong code came. */
  last_at: number;
}

/** Wrong codes per wait: a person's (one code's attempts) and a client's (across numbers). */
export const PERSON_FAILURES_PER_WAIT = 5;
export const CLIENT_FAILURES_PER_WAIT = 10;
/** The first wait; each next one doubles, up to LOGIN_MAX_WAIT_MS. */
export const LOGIN_FIRST_WAIT_MS = 5 * 60_000;
export const LOGIN_MAX_WAIT_MS = 24 * 60 * 60_000;
/** Quiet time after the last wrong code and its wait, after which a count starts again from 0. */
export const LOGIN_FAILURES_FORGOTTEN_MS = 7 * 24 * 60 * 60_000;

export const personFailuresKey = (userId: number) => `web.login.failures.user.${userId}`;
export const clientFailuresKey = (client: string) => `web.login.failures.client.${client}`;

/** The wait the `round`-th full round of wrong codes starts (round 1: the first). */
export function waitAfterRound(round: number): number {
  // 2^19 minutes is far past the cap already; the exponent is bounded so the number stays finite.
  return Math.min(LOGIN_FIRST_WAIT_MS * 2 ** Math.min(round - 1, 20), LOGIN_MAX_WAIT_MS);
}

/** The count as it stands at `nowMs`: undefined when there is none or it has been forgotten. */
export function liveFailures(state: LoginFailures | undefined, nowMs: number): LoginFailures | undefined {
  if (!state) return undefined;
  const quietSince = Math.max(state.last_at, state.blocked_until);
  return nowMs >= quietSince + LOGIN_FAILURES_FORGOTTEN_MS ? undefined : state;
}

/** Seconds left of the count's wait (0: none). */
export function waitSeconds(state: LoginFailures | undefined, nowMs: number): number {
  const left = (liveFailures(state, nowMs)?.blocked_until ?? 0) - nowMs;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/** The count after one more wrong code at `nowMs`; every `perWait`-th starts the next wait. */
export function addFailure(state: LoginFailures | undefined, perWait: number, nowMs: number): LoginFailures {
  const live = liveFailures(state, nowMs);
  const count = (live?.count ?? 0) + 1;
  const blocked_until =
    count % perWait === 0 ? nowMs + waitAfterRound(count / perWait) : (live?.blocked_until ?? 0);
  return { count, blocked_until, last_at: nowMs };
}

/** A stored count ('' or absent: none). */
export function parseFailures(text: string | undefined): LoginFailures | undefined {
  return text ? (JSON.parse(text) as LoginFailures) : undefined;
}
