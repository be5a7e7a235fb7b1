/**
 * Timed jobs: what a part of the platform writes when a time it stored comes on the virtual clock
 * (chat boosts expire, Stars subscriptions renew, suggested posts publish and pay out, giveaways draw
 * their winners, polls close). The kernel declares the point and names no feature (ADR 0111): each
 * part registers its own job when the assembly builds it; delivery/ runs every registered job as a
 * clock sweep (delivery/clock-sweep.ts), and server/next-work.ts wakes a closed workspace when the
 * earliest of them falls due (ADR 0064).
 *
 * A rule that is only read needs no job: a ban's until_date, an invite link's expire_date, a draft's,
 * a story's or a prepared message's expiry are compared with the clock when read. The gateway's timed
 * jobs are rows of the jobs port, each claimed on its own (delivery/gateway-timer.ts), not a sweep:
 * ADR 0111's addendum on features' entries says why they are not registered here.
 */

export interface TimedJob {
  /** Unique: the sweep is claimed under this name, so that one process at a time runs the job. */
  readonly name: string;
  /** What a failed pass logs. */
  readonly failure: string;
  /**
   * Does what is due now; answers when (virtual ms) the next pass is due, if it knows. Each write
   * reads its rows again, so that a pass run twice (two processes, a restart) acts once.
   */
  run(): Promise<number | undefined>;
  /** When (virtual ms) the job's earliest row falls due, read from the rows; undefined: none. */
  next(): Promise<number | undefined>;
}

export class TimedJobs {
  readonly #jobs = new Map<string, TimedJob>();

  /** Registers a job; a second job of the same name is refused (the two would share one claim). */
  register(job: TimedJob): void {
    if (this.#jobs.has(job.name)) throw new Error(`a timed job named ${job.name} is registered already`);
    this.#jobs.set(job.name, job);
  }

  /** The registered jobs, in the order they registered. */
  list(): TimedJob[] {
    return [...this.#jobs.values()];
  }

  /** The earliest time (virtual ms) a registered job has a row due; undefined: none. */
  async nextDue(): Promise<number | undefined> {
    const times = await Promise.all(this.list().map((job) => job.next()));
    const due = times.filter((time): time is number => time !== undefined);
    return due.length === 0 ? undefined : Math.min(...due);
  }
}

/** A time in virtual seconds (as rows keep it) in virtual ms; null or undefined: none. */
export function secondsToMs(seconds: number | null | undefined): number | undefined {
  return seconds == null ? undefined : seconds * 1000;
}
