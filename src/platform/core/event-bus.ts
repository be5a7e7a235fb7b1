/**
 * The in-process implementation of the event port (storage/ports/events.ts): typed events between
 * the parts of one server. Listeners run synchronously from `emit`, which the platform calls after
 * the write that caused the event has committed. A storage adapter shared by several processes
 * brings its own implementation that also carries events between them; nothing here may assume a
 * listener sees an event exactly once.
 */
import { LocalEvents } from '../../storage/local-events.js';
import type { EventKey, EventPort, KeyedEvent, PlatformEvents } from '../../storage/ports/events.js';

export type { EventPort, PlatformEvents } from '../../storage/ports/events.js';

/** The event port of one process: its listeners, by name and by key (ADR 0091). */
export class EventBus extends LocalEvents {}

/** An event being waited for: subscribed at once, so that an event caused after this call is seen. */
export interface ExpectedEvent {
  /** Resolves true when the event came, false at the timeout or when `signal` aborts. */
  wait(timeoutMs: number, signal?: AbortSignal): Promise<boolean>;
  /** Unsubscribes; call it when done, also when the wait was never started. */
  cancel(): void;
}

export function expectEvent<K extends KeyedEvent>(
  bus: EventPort,
  name: K,
  key: EventKey,
  match: (payload: PlatformEvents[K]) => boolean = () => true,
): ExpectedEvent {
  let came = false;
  let wake: (() => void) | undefined;
  const unsubscribe = bus.onKey(name, key, (payload) => {
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
 * `name` on one of `keys` (EventPort.onKey), or for `events.resumed` (events may have been missed).
 * It subscribes once, before the first look, so that what is stored between a look and the wait is
 * not missed. Answers what was found, or undefined at the timeout or when `signal` aborts.
 *
 * One abort listener for the whole wait, removed at its end: a listener added per look (and left
 * when an event ended the look) piled up on a long wait's signal, past Node's warning at 11.
 */
export async function lookUntil<T, K extends KeyedEvent>(
  bus: EventPort,
  name: K,
  keys: readonly EventKey[],
  look: () => Promise<T | undefined>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<T | undefined> {
  const subscribe = (onEvent: () => void) => [
    ...keys.map((key) => bus.onKey(name, key, onEvent)),
    bus.on('events.resumed', onEvent),
  ];
  return lookWhileWoken(subscribe, look, timeoutMs, signal);
}

/**
 * lookUntil's loop, woken by whatever events `subscribe` listens to (it answers the functions that
 * unsubscribe): for waits that are not keyed (the control API's timeline).
 */
export async function lookWhileWoken<T>(
  subscribe: (onEvent: () => void) => Array<() => void>,
  look: () => Promise<T | undefined>,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  /** Whether an event came since the last look began. */
  let woken = false;
  let wake: (() => void) | undefined;
  const onEvent = () => {
    woken = true;
    wake?.();
  };
  const offs = subscribe(onEvent);
  const onAbort = () => wake?.();
  signal?.addEventListener('abort', onAbort);
  try {
    for (;;) {
      woken = false;
      const found = await look();
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0 || signal?.aborted) return undefined;
      if (woken) continue;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        wake = resolve;
        timer = setTimeout(resolve, left);
      });
      wake = undefined;
      clearTimeout(timer);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    for (const off of offs) off();
  }
}
