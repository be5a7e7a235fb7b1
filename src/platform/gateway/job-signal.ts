/**
 * Tells the gateway's workers that jobs were queued (the event port's `gateway.jobs.queued`, so a
 * worker in another process hears it too), once the transaction that queued them has committed: a
 * job is written inside a `store.write`, and a worker that looked before the commit could act on a
 * change that is then rolled back. The signal queues an empty write of its own; the store runs
 * writes in order, so when that one resolves the earlier one has committed.
 */
import type { EventPort } from '../../storage/ports/events.js';
import type { Store } from '../../storage/store.js';

export class JobSignal {
  #pending = false;

  constructor(
    private readonly store: Store,
    private readonly bus: EventPort,
    /** The event to publish; requests' status changes use the same after-commit rule (the inspector). */
    private readonly event: 'gateway.jobs.queued' | 'gateway.requests.changed' = 'gateway.jobs.queued',
  ) {}

  /** A job was written in the current transaction. */
  queued(): void {
    if (this.#pending) return;
    this.#pending = true;
    this.store
      .write(async () => {
        // Jobs queued after this point (this batch or later) need a signal of their own.
        this.#pending = false;
      })
      .then(
        () => this.bus.emit(this.event, {}),
        () => (this.#pending = false),
      );
  }

  on(listener: () => void): () => void {
    return this.bus.on(this.event, () => listener());
  }
}
