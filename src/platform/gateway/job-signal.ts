/**
 * Tells the gateway's workers that jobs were queued, once the transaction that queued them has
 * committed: a job is written inside a `store.write`, and a worker that looked before the commit
 * could act on a change that is then rolled back. The signal queues an empty write of its own; the
 * store runs writes in order, so when that one resolves the earlier one has committed.
 */
import { EventEmitter } from 'node:events';
import type { Store } from '../../storage/store.js';

export class JobSignal {
  readonly #emitter = new EventEmitter();
  #pending = false;

  constructor(private readonly store: Store) {
    this.#emitter.setMaxListeners(0);
  }

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
        () => this.#emitter.emit('jobs'),
        () => (this.#pending = false),
      );
  }

  on(listener: () => void): () => void {
    this.#emitter.on('jobs', listener);
    return () => this.#emitter.off('jobs', listener);
  }
}
