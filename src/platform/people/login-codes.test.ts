import { describe, expect, it } from 'vitest';
import {
  judgeAttempt,
  loginCodeContent,
  LOGIN_CODE_LIFETIME_MS,
  LOGIN_CODE_MAX_ATTEMPTS,
  normalizePhone,
  retryAfterSeconds,
  type PendingLoginCode,
} from './login-codes.js';

const T0 = 1_000_000;
const pending = (attempts = 0): PendingLoginCode => ({
  user_id: 7,
  hash: 'ab'.repeat(32),
  expires_at: T0 + LOGIN_CODE_LIFETIME_MS,
  attempts,
});

describe('login codes', () => {
  it('accepts the right code once (the code is emptied)', () => {
    expect(judgeAttempt(pending(), true, T0 + 1000)).toEqual({ outcome: 'valid', next: undefined });
    expect(judgeAttempt(pending(LOGIN_CODE_MAX_ATTEMPTS - 1), true, T0)).toMatchObject({ outcome: 'valid' });
  });

  it('counts wrong codes; the last one allowed voids the code, even for the right one afterwards', () => {
    let state = pending();
    for (let i = 1; i < LOGIN_CODE_MAX_ATTEMPTS; i++) {
      const judged = judgeAttempt(state, false, T0);
      expect(judged).toEqual({ outcome: 'PHONE_CODE_INVALID', next: { ...state, attempts: i } });
      state = judged.next!;
    }
    const last = judgeAttempt(state, false, T0);
    expect(last.outcome).toBe('PHONE_CODE_ATTEMPTS_EXCEEDED');
    expect(last.next!.attempts).toBe(LOGIN_CODE_MAX_ATTEMPTS);
    expect(judgeAttempt(last.next, true, T0)).toEqual({
      outcome: 'PHONE_CODE_ATTEMPTS_EXCEEDED',
      next: last.next,
    });
  });

  it('refuses a code past its lifetime, right or wrong, and an unknown one', () => {
    const expiry = T0 + LOGIN_CODE_LIFETIME_MS;
    expect(judgeAttempt(pending(), true, expiry - 1).outcome).toBe('valid');
    expect(judgeAttempt(pending(), true, expiry)).toEqual({ outcome: 'PHONE_CODE_EXPIRED', next: undefined });
    expect(judgeAttempt(pending(), false, expiry + 60_000).outcome).toBe('PHONE_CODE_EXPIRED');
    expect(judgeAttempt(undefined, true, T0).outcome).toBe('PHONE_CODE_EXPIRED');
  });

  it('allows one code per 30 seconds', () => {
    expect(retryAfterSeconds(undefined, T0)).toBe(0);
    expect(retryAfterSeconds(T0, T0)).toBe(30);
    expect(retryAfterSeconds(T0, T0 + 29_001)).toBe(1);
    expect(retryAfterSeconds(T0, T0 + 30_000)).toBe(0);
  });

  it('writes the real platform’s warning, the code in bold', () => {
    const content = loginCodeContent('01234');
    expect(content.text).toMatch(
      /^Login code: 01234\. Do not give this code to anyone, even if they say they are from Parley!/,
    );
    expect(content.entities).toEqual([{ type: 'bold', offset: 12, length: 5 }]);
    expect(content._verification).toBeUndefined();
  });

  it('reads a number as people write it', () => {
    expect(normalizePhone('+1 (555) 000-1234')).toBe('+15550001234');
  });
});
