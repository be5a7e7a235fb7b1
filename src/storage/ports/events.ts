/**
 * The event port: wake-ups between the parts of the platform, and (with a shared database) between
 * processes. Long polls, `wait` calls, job workers and caches listen; writes publish. ADR 0024.
 *
 * Contract:
 * - An event is published after the write that caused it has committed (never for a write that
 *   rolled back), so a listener that reads the store on an event sees the change.
 * - Delivery is a hint, at least once and possibly late: a listener may see an event twice, and
 *   must re-read the store rather than trust a payload for anything but which rows to look at. A
 *   listener that can miss nothing (a long poll) reads the store after subscribing and before
 *   parking, so an event published in between is not lost.
 * - Payloads are plain JSON values (numbers and strings), so that an adapter can carry them between
 *   processes (the in-process implementation hands the object itself over).
 * - In-process listeners run synchronously from `emit`; a listener must not throw.
 */

export interface PlatformEvents {
  /** New updates were queued for a bot. */
  'updates.queued': { botId: number };
  /** A message was stored in a chat; `recipients` are the user ids that receive it. */
  'message.created': { chatPk: number; messageId: number; senderId: number | null; recipients: number[] };
  /**
   * A message was edited or deleted. For an ephemeral message (`messageId` 0, ADR 0080)
   * `recipients` names the one person who sees it; no one else is told.
   */
  'message.changed': { chatPk: number; messageId: number; recipients?: number[] };
  /** A bot shows a chat action ("typing", ...) in a chat; "cancel" stops it (platform/chats/chat-actions.ts). */
  'chat.action': { chatPk: number; userId: number; action: string };
  /**
   * A bot streamed a version of a draft into its private chat with person `userId`
   * (platform/drafts/drafts.ts, ADR 0095): the person's app reads the chat's drafts again. A draft
   * ended by the bot's message is told by that message's `message.created`; one whose 30 seconds
   * ran out by nothing (the app reloads at its end).
   */
  'chat.draft': { chatPk: number; botId: number; userId: number };
  /** A bot answered a callback query: its answer (JSON, as stored) when it is short. */
  'callback.answered': { id: string; answer?: string };
  /** A person read a chat further (their read cursor moved): the others' apps show their messages read. */
  'chat.read': { chatPk: number; userId: number };
  /** A chat's pending join requests changed (one made, approved or declined): admins' apps re-read them. */
  'chat.requests.changed': { chatPk: number };
  /**
   * A person's or bot's membership of a chat was written (joined, added, left, promoted, ...): a
   * person's open app starts or stops hearing of the chat (web/person-events.ts).
   */
  'chat.member.changed': { chatPk: number; userId: number };
  /** A bot's webhook was set, changed or deleted. */
  'webhook.changed': { botId: number };
  /**
   * An update was queued again (or made due) for its webhook by a replay (ADR 0059): a claimant that
   * reads on past the updates it delivered must look at its id again.
   */
  'webhook.replayed': { botId: number; updateId: number };
  /** A bot answered an inline query. */
  'inline.answered': { id: string };
  /** A bot answered a shipping or pre-checkout query (or a payment's wait ran out). */
  'payment.answered': { id: string };
  /** Gateway jobs (reports, timed jobs) were queued. */
  'gateway.jobs.queued': Record<string, never>;
  /** Verification requests changed status (the operator's inspector re-reads them). */
  'gateway.requests.changed': Record<string, never>;
  /**
   * A bot's parked long poll must end with a 409 conflict (another getUpdates of the bot parked,
   * `keep` being that poll; or a setWebhook), on whichever process it waits.
   */
  'polls.terminate': { botId: number; reason: 'other_poll' | 'set_webhook'; keep?: string };
  /**
   * Events may have been missed (the connection that carries them between processes was lost and is
   * back): every waiter looks at the store again. Published by the adapter, in this process only.
   */
  'events.resumed': Record<string, never>;
  /** The virtual clock moved forward; `offsetMs` is its stored offset now (storage: settings). */
  'clock.advanced': { offsetMs: number };
  /**
   * A workspace was created, reset or deleted by process `by` (ADR 0061): other processes let go of
   * their copy of it, and open it again, if it still exists, when a request comes for it.
   */
  'workspace.changed': { name: string; by: string };
  /** Fault rules were added or removed (platform/faults/faults.ts): every process reloads them. */
  'faults.changed': Record<string, never>;
  /** Events were added to the timeline (ADR 0099): its live views read it again. */
  'timeline.appended': Record<string, never>;
  /**
   * Rows that a store may cache changed: every process drops its cached copy (the store's
   * `forgetCached`, and the platform's own caches of the same rows). Published by adapters shared
   * between processes; a single-process adapter keeps its caches true itself.
   */
  'rows.changed': { area: CachedArea; id: number };
}

/** The kinds of cached rows an event can name (ports/users.ts, chats.ts, gateway/*). */
export type CachedArea = 'user' | 'bot' | 'chat' | 'gateway_account' | 'devices';

/** The events that waiters listen to by key (`EventPort.onKey`; the keys: storage/local-events.ts). */
export type KeyedEvent =
  | 'updates.queued'
  | 'message.created'
  | 'message.changed'
  | 'chat.read'
  | 'chat.action'
  | 'chat.draft'
  | 'chat.requests.changed'
  | 'chat.member.changed'
  | 'callback.answered'
  | 'inline.answered'
  | 'payment.answered'
  | 'polls.terminate';

/** A key that waiters of an event listen on. */
export type EventKey = string | number;

export interface EventPort {
  emit<K extends keyof PlatformEvents>(name: K, payload: PlatformEvents[K]): void;
  /** Subscribes; answers the unsubscribe function. */
  on<K extends keyof PlatformEvents>(name: K, listener: (payload: PlatformEvents[K]) => void): () => void;
  /**
   * Subscribes to the events `name` that carry `key` (storage/local-events.ts: `eventKeys`): a bot's
   * id, a chat or a recipient, a query's id. Waiters listen this way, so that an event costs O(its
   * own waiters) (ADR 0091). Answers the unsubscribe function.
   */
  onKey<K extends KeyedEvent>(
    name: K,
    key: EventKey,
    listener: (payload: PlatformEvents[K]) => void,
  ): () => void;
}
