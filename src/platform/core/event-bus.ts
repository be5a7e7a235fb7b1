/**
 * The in-process implementation of the event port (storage/ports/events.ts): typed events between
 * the parts of one server. Listeners run synchronously from `emit`, which the platform calls after
 * the write that caused the event has committed. A storage adapter shared by several processes
 * brings its own implementation that also carries events between them; nothing here may assume a
 * listener sees an event exactly once.
 */
import { EventEmitter } from 'node:events';
import type { EventPort, PlatformEvents } from '../../storage/ports/events.js';

export type { EventPort, PlatformEvents } from '../../storage/ports/events.js';

export class EventBus implements EventPort {
  readonly #emitter = new EventEmitter();

  constructor() {
    this.#emitter.setMaxListeners(0);
  }

  emit<K extends keyof PlatformEvents>(name: K, payload: PlatformEvents[K]): void {
    this.#emitter.emit(name, payload);
  }

  on<K extends keyof PlatformEvents>(name: K, listener: (payload: PlatformEvents[K]) => void): () => void {
    this.#emitter.on(name, listener);
    return () => this.#emitter.off(name, listener);
  }
}

/** An event being waited for: subscribed at once, so that an event caused after this call is seen. */
export interface ExpectedEvent {
  /** Resolves true when the event came, false at the timeout or when `signal` aborts. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** Unsubscribes; call it when done, also when the wait was never started. */
  cancel(): void;
}

export function expectEvent<K extends keyof PlatformEvents>(
  bus: EventPort,
  name: K,
  match: (payload: PlatformEvents[K]) => boolean,
): ExpectedEvent {
  let came = false;
  let wake: (() => void) | undefined;
  const unsubscribe = bus.on(name, (payload) => {
    if (!came && match(payload)) {
      came = true;
      wake?.();
    }
  });
  return {
    wait(timeoutMs, signal) {
      if (came) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', finish);
          resolve(came);
        };
        const timer = setTimeout(finish, timeoutMs);
        wake = finish;
        if (signal?.aborted) finish();
        else signal?.addEventListener('abort', finish, { once: true });
      });
    },
    cancel: unsubscribe,
  };
}

/**
 * Looks (`look`) until it finds something or `timeoutMs` passes, waiting between looks for an event
 * `name` that `match` accepts, or for `events.resumed` (events may have been missed). It subscribes
 * before each look, so that what is stored between a look and the wait is not missed. Answers what
 * was found, or undefined at the timeout or when `signal` aborts.
 */
export async function lookUntil<T, K extends keyof PlatformEvents>(
  bus: EventPort,
  name: K,
  match: (payload: PlatformEvents[K]) => boolean,
  look: () => Promise<T | undefined>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const offEvent = bus.on(name, (payload) => {
      if (match(payload)) wake();
    });
    const offResumed = bus.on('events.resumed', () => wake());
    try {
      const found = await look();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0 || signal?.aborted) return undefined;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        woken,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, left);
          signal?.addEventListener('abort', () => resolve(), { once: true });
        }),
      ]);
      clearTimeout(timer);
    } finally {
      offEvent();
      offResumed();
    }
  }
}
