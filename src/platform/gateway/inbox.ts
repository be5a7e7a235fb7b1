/**
 * The person's side of verification messages, for the control API: the inbox (what a number
 * received and what became of it), waiting server-side for the next code, and reading a message.
 *
 * Waiting uses the person's read cursor in the service chat, the one `POST /control/wait` uses
 * there: each code is returned once, and a code sent before the wait began is still returned
 * (ADR 0003).
 */
import { codeExpiredAt, codeOfMessage, SERVICE_USER_ID, type Delivery } from './delivery.js';
import { GatewayError } from './gateway-error.js';
import { lookUntil } from '../core/event-bus.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Users } from '../users/users.js';
import type { MessageContent } from '../core/wire-types.js';
import type {
  DeliveryStatusValue,
  GatewayStore,
  VerificationRequestRow,
  VerificationStatusValue,
} from '../../storage/gateway-store.js';
import type { MessageRow, UserRow } from '../../storage/store.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { MessagesReader } from '../../storage/ports/messages.js';

export interface InboxEntry {
  request_id: string;
  phone_number: string;
  /** Unix seconds the message was sent. */
  date: number;
  delivery_status: DeliveryStatusValue;
  verification_status?: VerificationStatusValue;
  sender_username?: string;
  /** While the message is in the chat (not revoked or expired): */
  message_id?: number;
  text?: string;
  code?: string;
}

export interface ReceivedCode {
  request_id: string;
  phone_number: string;
  code: string;
  message_id: number;
  date: number;
  sender_username?: string;
}

const INBOX_LIMIT = 100;

function contentOf(message: MessageRow): MessageContent {
  return JSON.parse(message.body) as MessageContent;
}

function senderOf(content: MessageContent): string | undefined {
  const chat = content.sender_chat as { username?: string } | undefined;
  return chat?.username;
}

export class Inbox {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly users: Users,
    private readonly delivery: Delivery,
  ) {}

  /** The verification messages sent to the person, oldest first (the newest 100). */
  async list(personRef: string): Promise<InboxEntry[]> {
    const { store } = this.deps;
    const person = await this.users.resolve(personRef, 'user');
    const rows = await store.gateway.listSentRequests(person.id, INBOX_LIMIT);
    return Promise.all(rows.map((row) => this.#entry(store, row)));
  }

  /** The person reads a verification message: the given one, else the newest not yet read. */
  async markRead(personRef: string, requestId?: string): Promise<InboxEntry> {
    const { store, clock } = this.deps;
    const person = await this.users.resolve(personRef, 'user');
    const row = await store.write(async (tx) => {
      const target = requestId ?? (await this.#newestUnread(tx.gateway, person.id));
      const found = target === undefined ? undefined : await tx.gateway.getRequest(target);
      if (!found || found.user_id !== person.id || found.sent_at === null) {
        throw new GatewayError('VERIFICATION_NOT_FOUND', 'no such verification message for this person');
      }
      const nowMs = clock.nowMs();
      return this.delivery.markRead(tx, (await this.delivery.settle(tx, found.request_id, nowMs))!, nowMs);
    });
    return this.#entry(store, row);
  }

  /** Waits for the next code sent to the person; undefined at the deadline (real time). */
  async waitForCode(
    personRef: string,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<ReceivedCode | undefined> {
    const { bus } = this.deps;
    const person = await this.users.resolve(personRef, 'user');
    return lookUntil(
      bus,
      'message.created',
      // The service's messages name their one recipient: the person (a private chat).
      [`u${person.id}`],
      () => this.#nextCode(person),
      timeoutMs,
      signal,
    );
  }

  /** The first code after the read cursor, advancing the cursor past it (and past anything else). */
  async #nextCode(person: UserRow): Promise<ReceivedCode | undefined> {
    const { store } = this.deps;
    const chat = await store.getPrivateChat(person.id, SERVICE_USER_ID);
    if (!chat) return undefined;
    for (;;) {
      const cursor = await store.getReadCursor(person.id, chat.pk);
      const next = await store.nextIncomingMessage(chat.pk, cursor, person.id);
      if (!next) return undefined;
      await store.write(async (tx) => tx.setReadCursor(person.id, chat.pk, next.message_id));
      const content = contentOf(next);
      const code = codeOfMessage(content);
      if (typeof content._verification !== 'string' || code === undefined) continue;
      const received: ReceivedCode = {
        request_id: content._verification,
        phone_number: person.phone_number ?? '',
        code,
        message_id: next.message_id,
        date: next.date,
      };
      const sender = senderOf(content);
      if (sender) received.sender_username = sender;
      return received;
    }
  }

  async #newestUnread(reader: GatewayStore, userId: number): Promise<string | undefined> {
    const rows = await reader.listSentRequests(userId, INBOX_LIMIT);
    const unread = rows.filter((r) => r.delivery_status === 'sent' || r.delivery_status === 'delivered');
    return unread.at(-1)?.request_id;
  }

  async #entry(reader: EntryReader, row: VerificationRequestRow): Promise<InboxEntry> {
    const entry: InboxEntry = {
      request_id: row.request_id,
      phone_number: row.phone_number,
      date: row.sent_at ?? row.created_at,
      delivery_status: row.delivery_status ?? 'sent',
    };
    // A code past its lifetime shows as expired even before a read of the request wrote it.
    if (codeExpiredAt(row, this.deps.clock.nowMs()) !== undefined) entry.verification_status = 'expired';
    else if (row.verification_status !== null) entry.verification_status = row.verification_status;
    return Object.assign(entry, await messageFacts(reader, row));
  }
}

type EntryReader = Pick<ChatsReader, 'getChat'> & Pick<MessagesReader, 'getMessage'>;

/**
 * What the person received for a request: its message (while it is in the service chat: not
 * revoked or expired), the code as written there, and the sender channel's username.
 */
export async function messageFacts(
  reader: EntryReader,
  row: VerificationRequestRow,
): Promise<Pick<InboxEntry, 'message_id' | 'text' | 'code' | 'sender_username'>> {
  const facts: Pick<InboxEntry, 'message_id' | 'text' | 'code' | 'sender_username'> = {};
  const message =
    row.chat_pk !== null && row.message_id !== null
      ? await reader.getMessage(row.chat_pk, row.message_id)
      : undefined;
  if (row.sender_chat_pk !== null) {
    const sender = await reader.getChat(row.sender_chat_pk);
    if (sender?.username) facts.sender_username = sender.username;
  }
  if (message) {
    const content = contentOf(message);
    facts.message_id = message.message_id;
    if (content.text !== undefined) facts.text = content.text;
    const code = codeOfMessage(content);
    if (code !== undefined) facts.code = code;
  }
  return facts;
}
