/**
 * The timeline's recorder and reader (ADR 0099). Events of a path that has a write of its own (an
 * update queued, a webhook delivery) go in that write (`timeline-events.ts` builds the row); the
 * others (a Bot API call, an update handed over by getUpdates, a person's action, a fault, a gateway
 * call) are `record`ed here and written together, one write per turn of the event loop, so that a
 * call costs a row in a batch and not a write, nor a round trip to PostgreSQL, of its own. After a
 * write, `timeline.appended` tells the live views (on every node, over the event port).
 *
 * Recording never fails the work it records: a failed write of the timeline is dropped.
 */
import type { PlatformDeps } from '../core/platform-deps.js';
import type { NewTimelineEvent, TimelineFilter, TimelineRow } from '../../storage/ports/timeline.js';

/** Events kept per workspace unless configured (PARLEY_TIMELINE_MAX, --timeline-max). */
export const DEFAULT_TIMELINE_MAX = 10_000;
/** Events older than this (virtual time) are pruned whatever their number: 7 days. */
export const TIMELINE_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** The longest a recorded event waits to be written (a reader never waits: it flushes). */
export const WRITE_EVERY_MS = 20;
/** Events that are written at once, whatever the time. */
export const BATCH_ROWS = 512;

/** Whether a server with this configuration records a timeline (`--timeline-max 0`: none). */
export function timelineEnabled(config: { timelineMax?: number | undefined }): boolean {
  return config.timelineMax !== 0;
}

export class Timeline {
  /**
   * Whether events are recorded: not with a maximum of 0 (`--timeline-max 0`), for a server whose
   * operators want none of its cost (ADR 0099). Each recording path asks before it builds a row.
   */
  readonly enabled: boolean;
  #pending: NewTimelineEvent[] = [];
  /** The write of the events recorded so far, once started. */
  #writing: Promise<void> | undefined;
  /** The timer that starts the write of the pending events, while one waits. */
  #timer: NodeJS.Timeout | undefined;
  /** Events recorded, and those whose write is over (written or given up), since the start. */
  #recorded = 0;
  #settled = 0;
  #announcing = false;

  constructor(private readonly deps: PlatformDeps) {
    this.enabled = timelineEnabled(deps.config);
  }

  /** Records an event, written with the others recorded within WRITE_EVERY_MS. */
  record(event: NewTimelineEvent): void {
    if (!this.enabled) return;
    this.#pending.push(event);
    this.#recorded += 1;
    if (this.#writing === undefined) this.#schedule(); // else the write in flight schedules these
  }

  /**
   * Resolves once every event recorded so far is written (the reader's and the tests' wait): what
   * waits is written now, and events recorded meanwhile do not keep it waiting.
   */
  async flush(): Promise<void> {
    const target = this.#recorded;
    while (this.#settled < target) {
      if (this.#writing === undefined) this.#start();
      await this.#writing;
    }
  }

  /** Starts the pending events' write when there are enough of them, else within WRITE_EVERY_MS. */
  #schedule(): void {
    if (this.#pending.length >= BATCH_ROWS) this.#start();
    else if (this.#pending.length > 0)
      this.#timer ??= setTimeout(() => this.#start(), WRITE_EVERY_MS).unref();
  }

  #start(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#writing ??= this.#write();
  }

  /** Tells the live views that events were written by a write of their own path (after its commit). */
  appended(): void {
    if (this.#announcing) return;
    this.#announcing = true;
    setImmediate(() => {
      this.#announcing = false;
      this.deps.bus.emit('timeline.appended', {});
    });
  }

  async #write(): Promise<void> {
    const batch = this.#pending;
    this.#pending = [];
    try {
      await this.deps.store.write((tx) => tx.insertTimelineEvents(batch));
      this.deps.bus.emit('timeline.appended', {});
    } catch {
      // The store is closing (a workspace reset) or failing: the timeline gives way to the work.
    } finally {
      this.#settled += batch.length;
      this.#writing = undefined;
      this.#schedule();
    }
  }

  /** The newest events matching `filter`, newest first (this node's recorded ones written first). */
  async list(filter: TimelineFilter): Promise<TimelineRow[]> {
    await this.flush();
    return this.deps.store.listTimeline(filter);
  }

  /** The virtual ms of now, for the rows. */
  now(): number {
    return this.deps.clock.nowMs();
  }
}
