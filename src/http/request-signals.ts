/**
 * Abort signals for requests, made only when a handler asks for one (long polls and waits do; most
 * calls never do, and building a combined signal per request is measurable on the hot path). A
 * signal aborts when its client goes away or the server stops.
 *
 * The lazy parts are classes, not object literals with getters: V8 gives every object literal whose
 * getter is a fresh closure a hidden class of its own, allocated in old space, which on a hot path
 * fills the old generation and slows every scavenge (measured: scavenges of 10-16 ms instead of 1).
 */
import type { ServerResponse } from 'node:http';

/** Something whose `signal` may be created only when read. */
export interface SignalSource {
  readonly signal: AbortSignal;
}

/** A request's signal, created on first read. */
export class LazySignal implements SignalSource {
  #controller: AbortController | undefined;
  readonly #onClose = () => {
    if (!this.response.writableEnded) this.#controller?.abort();
  };

  constructor(
    private readonly response: ServerResponse,
    private readonly open: Set<AbortController>,
    private readonly shutdown: AbortSignal,
  ) {}

  get signal(): AbortSignal {
    if (!this.#controller) {
      const controller = new AbortController();
      this.#controller = controller;
      if (this.shutdown.aborted) controller.abort();
      this.open.add(controller);
      this.response.once('close', this.#onClose);
    }
    return this.#controller.signal;
  }

  /** Forgets the request once it is answered. */
  release(): void {
    if (!this.#controller) return;
    this.open.delete(this.#controller);
    this.response.off('close', this.#onClose);
  }
}

/** A signal that exists already. */
export class FixedSignal implements SignalSource {
  constructor(readonly signal: AbortSignal) {}
}

export class RequestSignals {
  readonly #open = new Set<AbortController>();

  constructor(private readonly shutdown: AbortSignal) {
    shutdown.addEventListener('abort', () => {
      for (const controller of this.#open) controller.abort();
    });
  }

  for(response: ServerResponse): LazySignal {
    return new LazySignal(response, this.#open, this.shutdown);
  }
}
