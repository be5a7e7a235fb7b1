/**
 * The delivery of events to the listeners of one process, shared by every implementation of the
 * event port (platform/core/event-bus.ts; postgres/pg-events.ts, which hands it what it hears from
 * the other processes). ADR 0091.
 *
 * Listeners are found two ways:
 * - by name (`on`): every listener of the event hears it. For the few parts that want them all (a
 *   worker, a cache, the inspector's stream).
 * - by name and key (`onKey`): only the listeners of the keys that `eventKeys` gives the event hear
 *   it. A waiter (a parked long poll, a control `wait`, a press waiting for its answer) listens on its
 *   key, so that an event costs O(its own waiters), not O(every waiter of the process). The web
 *   client's stream listens on its person's chats and its person (web/person-events.ts).
 *
 * Listeners are kept in sets, so that subscribing and unsubscribing cost O(1) however many there are
 * (an EventEmitter's `off` searches an array). A listener subscribed while an event is handed out
 * does not hear that event; one unsubscribed meanwhile may still hear it (the port's contract: a
 * hint, at least once).
 */
import type { EventKey, EventPort, KeyedEvent, PlatformEvents } from './ports/events.js';

type EventName = keyof PlatformEvents;
type Listener = (payload: never) => void;

/**
 * The keys an event is heard on: a bot's updates by the bot's id; a new message by `c<chat pk>`, by
 * `u<user id>` for each recipient named (a private chat's other party: a wait for a chat that does
 * not exist yet listens on its person) and by `s<sender id>`; what else happens in a chat (an edit,
 * a read, an action, its join requests, a member, a draft) by `c<chat pk>`, an edit of an ephemeral
 * message also by `u<its receiver>`, a member also by `u<member>`, a draft also by `u<the person it
 * is streamed to>`; an answered query by its id.
 */
export function eventKeys<K extends KeyedEvent>(name: K, payload: PlatformEvents[K]): EventKey[] {
  switch (name) {
    case 'updates.queued':
    case 'polls.terminate':
      return [(payload as { botId: number }).botId];
    case 'message.created': {
      const created = payload as PlatformEvents['message.created'];
      const keys: EventKey[] = [`c${created.chatPk}`];
      for (const recipient of created.recipients) keys.push(`u${recipient}`);
      if (created.senderId !== null) keys.push(`s${created.senderId}`);
      return keys;
    }
    case 'message.changed': {
      const changed = payload as PlatformEvents['message.changed'];
      const keys: EventKey[] = [`c${changed.chatPk}`];
      if (changed.recipients) for (const recipient of changed.recipients) keys.push(`u${recipient}`);
      return keys;
    }
    case 'chat.member.changed':
    case 'chat.draft': {
      const member = payload as { chatPk: number; userId: number };
      return [`c${member.chatPk}`, `u${member.userId}`];
    }
    case 'chat.read':
    case 'chat.action':
    case 'chat.requests.changed':
      return [`c${(payload as { chatPk: number }).chatPk}`];
    default:
      return [(payload as { id: string }).id];
  }
}

const KEYED = new Set<string>([
  'updates.queued',
  'message.created',
  'message.changed',
  'chat.read',
  'chat.action',
  'chat.draft',
  'chat.requests.changed',
  'chat.member.changed',
  'callback.answered',
  'inline.answered',
  'payment.answered',
  'polls.terminate',
] satisfies KeyedEvent[]);

/**
 * The event port within one process; an implementation that also carries events between processes
 * extends it (overriding `emit`) and hands what it hears to `deliver`.
 */
export class LocalEvents implements EventPort {
  readonly #byName = new Map<EventName, Set<Listener>>();
  readonly #byKey = new Map<EventName, Map<EventKey, Set<Listener>>>();

  emit<K extends EventName>(name: K, payload: PlatformEvents[K]): void {
    this.deliver(name, payload);
  }

  /** Hands an event to this process's listeners. */
  deliver<K extends EventName>(name: K, payload: PlatformEvents[K]): void {
    const all = this.#byName.get(name);
    if (all !== undefined && all.size > 0) handOut(all, payload);
    if (!KEYED.has(name)) return;
    const byKey = this.#byKey.get(name);
    if (byKey === undefined || byKey.size === 0) return;
    for (const key of eventKeys(name as KeyedEvent, payload as PlatformEvents[KeyedEvent])) {
      const listeners = byKey.get(key);
      if (listeners !== undefined) handOut(listeners, payload);
    }
  }

  on<K extends EventName>(name: K, listener: (payload: PlatformEvents[K]) => void): () => void {
    let set = this.#byName.get(name);
    if (!set) {
      set = new Set();
      this.#byName.set(name, set);
    }
    const added = listener as Listener;
    set.add(added);
    return () => set.delete(added);
  }

  onKey<K extends KeyedEvent>(
    name: K,
    key: EventKey,
    listener: (payload: PlatformEvents[K]) => void,
  ): () => void {
    let byKey = this.#byKey.get(name);
    if (!byKey) {
      byKey = new Map();
      this.#byKey.set(name, byKey);
    }
    let set = byKey.get(key);
    if (!set) {
      set = new Set();
      byKey.set(key, set);
    }
    const added = listener as Listener;
    set.add(added);
    const listeners = set;
    const keys = byKey;
    return () => {
      listeners.delete(added);
      // An empty key is dropped, so that the map holds the keys waited on now, not every key ever.
      if (listeners.size === 0 && keys.get(key) === listeners) keys.delete(key);
    };
  }

  /** Listeners by key now (of every event): what the waiter map holds. */
  get keyedListeners(): number {
    let count = 0;
    for (const byKey of this.#byKey.values()) for (const set of byKey.values()) count += set.size;
    return count;
  }
}

/** Calls each listener of `set` that was there when the event came. */
function handOut(set: Set<Listener>, payload: unknown): void {
  if (set.size === 1) {
    const [only] = set;
    (only as (p: unknown) => void)(payload);
    return;
  }
  for (const listener of [...set]) (listener as (p: unknown) => void)(payload);
}
