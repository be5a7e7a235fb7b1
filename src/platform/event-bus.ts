/**
 * Typed in-process events between the parts of one server. Listeners run synchronously after the
 * write that caused the event has committed. A multi-node storage adapter will carry them across
 * processes; nothing here may assume a listener sees an event exactly once.
 */
import { EventEmitter } from 'node:events';

export interface PlatformEvents {
  /** New updates were queued for a bot. */
  'updates.queued': { botId: number };
  /** A message was stored in a chat; `recipients` are the user ids that receive it. */
  'message.created': { chatPk: number; messageId: number; senderId: number | null; recipients: number[] };
  /** A message was edited or deleted. */
  'message.changed': { chatPk: number; messageId: number };
  /** A bot answered a callback query. */
  'callback.answered': { id: string };
  /** A bot's webhook was set, changed or deleted. */
  'webhook.changed': { botId: number };
  /** A bot answered an inline query. */
  'inline.answered': { id: string };
}

export class EventBus {
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
  bus: EventBus,
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
