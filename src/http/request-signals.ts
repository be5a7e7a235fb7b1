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

/**
 * A request's end as a waiting handler listens to it: an `AbortSignal` has this shape, and so has a
 * `LazySignal`, which needs no `AbortController` for it (the platform's `AbortHook`, by shape).
 */
export interface AbortHook {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/** Something whose `signal` may be created only when read; `hook` is the cheaper way to listen. */
export interface SignalSource {
  readonly signal: AbortSignal;
  readonly hook: AbortHook;
}

/**
 * A request's signal, created on first read; and the request's end as a hook (`AbortHook`), which a
 * parked long poll listens to without an `AbortController` being made.
 */
export class LazySignal implements SignalSource, AbortHook {
  #controller: AbortController | undefined;
  /** The hook's one listener (`addEventListener`). */
  #listener: (() => void) | undefined;
  /** Made when something first listens: most requests never do. */
  #onClose: (() => void) | undefined;
  #ended = false;

  constructor(
    private readonly response: ServerResponse,
    private readonly open: Set<LazySignal>,
    private readonly shutdown: AbortSignal,
  ) {}

  get signal(): AbortSignal {
    if (!this.#controller) {
      const controller = new AbortController();
      this.#controller = controller;
      if (this.shutdown.aborted || this.#ended) controller.abort();
      this.#listen();
    }
    return this.#controller.signal;
  }

  get hook(): AbortHook {
    return this;
  }

  /** Whether the client went away before its answer, or the server is stopping. */
  get aborted(): boolean {
    return this.#ended || this.shutdown.aborted;
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    this.#listener = listener;
    this.#listen();
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    if (this.#listener === listener) this.#listener = undefined;
  }

  /** The client went away, or the server stops: the signal aborts and the hook's listener hears. */
  abort(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#controller?.abort();
    const listener = this.#listener;
    this.#listener = undefined;
    listener?.();
  }

  #listen(): void {
    if (this.#onClose) return;
    this.#onClose = () => {
      if (!this.response.writableEnded) this.abort();
    };
    this.open.add(this);
    this.response.on('close', this.#onClose);
  }

  /** Forgets the request once it is answered. */
  release(): void {
    this.#listener = undefined;
    if (!this.#onClose) return;
    this.open.delete(this);
    this.response.off('close', this.#onClose);
  }
}

/** A signal that exists already. */
export class FixedSignal implements SignalSource {
  constructor(readonly signal: AbortSignal) {}

  get hook(): AbortHook {
    return this.signal;
  }
}

export class RequestSignals {
  readonly #open = new Set<LazySignal>();

  constructor(private readonly shutdown: AbortSignal) {
    shutdown.addEventListener('abort', () => {
      for (const lazy of [...this.#open]) lazy.abort();
    });
  }

  for(response: ServerResponse): LazySignal {
    return new LazySignal(response, this.#open, this.shutdown);
  }
}
