/**
 * What one person's open app hears (the web client's event stream, web/methods/events.ts), found by
 * key (ADR 0091, ADR 0107): the stream listens on each chat the person is in (`c<chat pk>`) and on the
 * person (`u<id>`: a message to them, their membership of a chat changed, a bot's draft to them;
 * `s<id>`: a message they sent), not on every event of the process. An event then costs O(the streams of its chat and
 * people), whatever number of tabs are open; across nodes the same, as every node hands the events it
 * hears to its listeners by key (storage/local-events.ts).
 *
 * The chats are those the person is in when the stream opens (store.listUserChats); a chat joined
 * later is added when the person's key brings its first event (a membership, a first message of a
 * private chat, as its sender or its receiver, a bot's draft streamed to the person), before the
 * events of the chat itself (group-context's `commit` emits the membership before the service
 * message). The relay still checks membership on
 * each event (`chatIdFor`), so a chat left later stays subscribed but is heard of no more.
 */
import type { EventKey, EventPort, KeyedEvent, PlatformEvents } from '../storage/ports/events.js';

/** The events of a chat that a person's app hears. */
export const CHAT_EVENTS = [
  'message.created',
  'message.changed',
  'chat.read',
  'chat.action',
  'chat.draft',
  'chat.requests.changed',
] as const satisfies readonly KeyedEvent[];

type ChatEvent = (typeof CHAT_EVENTS)[number];

export type ChatEventListener = <K extends ChatEvent>(name: K, payload: PlatformEvents[K]) => void;

/** At most this many chats are subscribed at open (the newest); later ones join as they are heard of. */
export const OPEN_CHAT_LIMIT = 5_000;

export class PersonEvents {
  readonly #chats = new Map<number, Array<() => void>>();
  readonly #personal: Array<() => void> = [];
  #closed = false;

  constructor(
    private readonly bus: EventPort,
    private readonly userId: number,
    private readonly listener: ChatEventListener,
  ) {
    const me = userId;
    const heard = (chatPk: number) => this.addChat(chatPk);
    // A chat the person is not subscribed to yet: the person's key brings it (and the listener of
    // the chat's key, subscribed just now, does not hear this same event: LocalEvents hands an event
    // to the listeners that were there when it came), so it is relayed here.
    const person = <K extends 'message.created' | 'message.changed' | 'chat.draft'>(name: K) =>
      ((payload: PlatformEvents[K]) => {
        if (this.#chats.has(payload.chatPk)) return;
        heard(payload.chatPk);
        this.listener(name, payload);
      }) as (payload: PlatformEvents[K]) => void;
    this.#personal.push(
      bus.onKey('message.created', `u${me}`, person('message.created')),
      bus.onKey('message.created', `s${me}`, person('message.created')),
      bus.onKey('message.changed', `u${me}`, person('message.changed')),
      bus.onKey('chat.draft', `u${me}`, person('chat.draft')),
      bus.onKey('chat.member.changed', `u${me}`, ({ chatPk }) => heard(chatPk)),
    );
  }

  /** Listens to the events of `chatPk` (once). */
  addChat(chatPk: number): void {
    if (this.#closed || this.#chats.has(chatPk)) return;
    const key: EventKey = `c${chatPk}`;
    this.#chats.set(
      chatPk,
      CHAT_EVENTS.map((name) =>
        this.bus.onKey(name, key, (payload: PlatformEvents[typeof name]) => this.listener(name, payload)),
      ),
    );
  }

  /** The chats listened to now. */
  get chats(): number {
    return this.#chats.size;
  }

  close(): void {
    this.#closed = true;
    for (const off of this.#personal) off();
    for (const offs of this.#chats.values()) for (const off of offs) off();
    this.#chats.clear();
  }
}
