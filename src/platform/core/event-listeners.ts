/**
 * Event listeners: what a part of the platform does after an event of the kernel's (the event port,
 * storage/ports/events.ts), such as a message changed: a paid suggested post deleted within a day is
 * refunded (suggested-posts/, ADR 0053). The kernel declares the point and names no feature (ADR
 * 0111): each part registers its listener when the assembly builds it, and the server starts them all
 * on its event port, with its log, and stops them when it closes, without naming a feature.
 *
 * A listener runs after the write that caused the event has committed, and may hear an event more
 * than once (the event port promises no more): each run reads its rows again and acts at most once.
 */
import type { EventPort, PlatformEvents } from '../../storage/ports/events.js';

export interface EventListener<K extends keyof PlatformEvents> {
  /** The event it listens to. */
  readonly event: K;
  /** What a failed run logs. */
  readonly failure: string;
  /** What it does after the event; its failure is logged, and changes nothing for the event's cause. */
  run(payload: PlatformEvents[K]): Promise<void>;
}

/** A run's failure, with the failure's text of the listener that failed. */
export type ListenerFailure = (failure: string, error: unknown) => void;

export class EventListeners {
  /** Each listener: its event, its failure's text, and the subscription it makes on an event port. */
  readonly #listeners: Array<{
    event: keyof PlatformEvents;
    failure: string;
    subscribe: (bus: EventPort, onFailure: ListenerFailure) => () => void;
  }> = [];

  /** Registers a listener, in the order the parts are built. */
  register<K extends keyof PlatformEvents>(listener: EventListener<K>): void {
    this.#listeners.push({
      event: listener.event,
      failure: listener.failure,
      subscribe: (bus, onFailure) =>
        bus.on(listener.event, (payload) => {
          listener.run(payload).catch((error: unknown) => onFailure(listener.failure, error));
        }),
    });
  }

  /** The registered listeners' events and failures, in the order they registered. */
  list(): Array<{ event: keyof PlatformEvents; failure: string }> {
    return this.#listeners.map(({ event, failure }) => ({ event, failure }));
  }

  /** Subscribes every registered listener to `bus`; answers the function that unsubscribes them. */
  start(bus: EventPort, onFailure: ListenerFailure): () => void {
    const stops = this.#listeners.map(({ subscribe }) => subscribe(bus, onFailure));
    return () => {
      for (const stop of stops.splice(0)) stop();
    };
  }
}
