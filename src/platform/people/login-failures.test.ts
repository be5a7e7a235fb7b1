import { describe, expect, it } from 'vitest';
import {
  addFailure,
  CLIENT_FAILURES_PER_WAIT,
  liveFailures,
  LOGIN_FAILURES_FORGOTTEN_MS,
  PERSON_FAILURES_PER_WAIT,
  waitAfterRound,
  waitSeconds,
  type LoginFailures,
} from './login-failures.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const T0 = 1_700_000_000_000;

/** `times` wrong codes at `nowMs`, from `state`. */
function fail(
  state: LoginFailures | undefined,
  times: number,
  nowMs: number,
  perWait = PERSON_FAILURES_PER_WAIT,
) {
  let next = state;
  for (let i = 0; i < times; i++) next = addFailure(next, perWait, nowMs);
  return next!;
}

describe('waits after wrong login codes', () => {
  it('start at 5 minutes and double, up to a day', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1000].map((round) => waitAfterRound(round) / MINUTE)).toEqual([
      5, 10, 20, 40, 80, 160, 320, 640, 1280, 1440, 1440, 1440,
    ]);
  });

  it('begin with every 5th wrong code of a person, whatever code they were made on', () => {
    const four = fail(undefined, 4, T0);
    expect(four).toEqual({ count: 4, blocked_until: 0, last_at: T0 });
    expect(waitSeconds(four, T0)).toBe(0);
    const five = fail(four, 1, T0);
    expect(waitSeconds(five, T0)).toBe(5 * 60);
    expect(waitSeconds(five, T0 + 4 * MINUTE + 1)).toBe(60);
    expect(waitSeconds(five, T0 + 5 * MINUTE)).toBe(0);
    // The next round, after the wait: 10 minutes.
    const ten = fail(five, 5, T0 + 5 * MINUTE);
    expect(ten.count).toBe(10);
    expect(waitSeconds(ten, T0 + 5 * MINUTE)).toBe(10 * 60);
  });

  it('begin with every 10th wrong code of a client', () => {
    const nine = fail(undefined, 9, T0, CLIENT_FAILURES_PER_WAIT);
    expect(waitSeconds(nine, T0)).toBe(0);
    expect(waitSeconds(fail(nine, 1, T0, CLIENT_FAILURES_PER_WAIT), T0)).toBe(5 * 60);
  });

  it('let a guesser who keeps on at the earliest moment 45 guesses in the first day, then 5 a day', () => {
    let state: LoginFailures | undefined;
    let now = T0;
    const guessesAt: number[] = [];
    while (now < T0 + 8 * DAY) {
      state = addFailure(state, PERSON_FAILURES_PER_WAIT, now);
      guessesAt.push(now);
      now = Math.max(now, state.blocked_until);
    }
    const within = (from: number, to: number) => guessesAt.filter((t) => t >= from && t < to).length;
    expect(within(T0, T0 + DAY)).toBe(45);
    // From the 10th round on, one round (5 guesses) per day.
    expect(within(T0 + 3 * DAY, T0 + 4 * DAY)).toBe(5);
    expect(within(T0 + 7 * DAY, T0 + 8 * DAY)).toBe(5);
  });

  it('are forgotten after 7 quiet days from the end of the last wait', () => {
    const five = fail(undefined, 5, T0);
    const quietFrom = T0 + 5 * MINUTE;
    expect(liveFailures(five, quietFrom + LOGIN_FAILURES_FORGOTTEN_MS - 1)).toBe(five);
    expect(liveFailures(five, quietFrom + LOGIN_FAILURES_FORGOTTEN_MS)).toBe(undefined);
    // A wrong code then starts again from the first count.
    const again = addFailure(five, PERSON_FAILURES_PER_WAIT, quietFrom + LOGIN_FAILURES_FORGOTTEN_MS);
    expect(again.count).toBe(1);
    // Within the quiet time, the count goes on: the 10th makes the second wait.
    const on = fail(five, 5, quietFrom + DAY);
    expect(waitSeconds(on, quietFrom + DAY)).toBe(10 * 60);
  });
});
