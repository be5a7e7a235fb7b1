/**
 * The timed jobs' registry (timed-jobs.ts, ADR 0111): a name is registered once, the earliest due
 * time is the least of the jobs' own, and the assembled platform has each part's job registered by
 * that part (the runner, server/app.ts, names none of them).
 */
import { describe, expect, it } from 'vitest';
import { secondsToMs, TimedJobs, type TimedJob } from './timed-jobs.js';
import { sqlitePlatform } from '../../../test/helpers/test-platform.js';

const job = (name: string, next?: number): TimedJob => ({
  name,
  failure: `${name} failed`,
  run: () => Promise.resolve(undefined),
  next: () => Promise.resolve(next),
});

describe('timed jobs', () => {
  it('refuses a second job of the same name', () => {
    const jobs = new TimedJobs();
    jobs.register(job('expiry'));
    expect(() => jobs.register(job('expiry'))).toThrow('a timed job named expiry is registered already');
    expect(jobs.list().map((registered) => registered.name)).toEqual(['expiry']);
  });

  it('answers the earliest due time of all jobs, or undefined when none has one', async () => {
    const jobs = new TimedJobs();
    expect(await jobs.nextDue()).toBeUndefined();
    jobs.register(job('none'));
    expect(await jobs.nextDue()).toBeUndefined();
    jobs.register(job('later', 9_000));
    jobs.register(job('sooner', 4_000));
    expect(await jobs.nextDue()).toBe(4_000);
  });

  it('reads rows kept in seconds as ms', () => {
    expect(secondsToMs(12)).toBe(12_000);
    expect(secondsToMs(null)).toBeUndefined();
    expect(secondsToMs(undefined)).toBeUndefined();
  });

  it("has each part's job registered in the assembled platform, none due on an empty store", async () => {
    const { store, platform } = sqlitePlatform();
    try {
      expect(platform.timedJobs.list().map((registered) => registered.name)).toEqual([
        'poll-closing',
        'boost-expiry',
        'subscription-renewals',
        'suggested-posts',
        'giveaways',
      ]);
      expect(await platform.timedJobs.nextDue()).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
