/**
 * A person waiting for the next message another party sends them in a chat (`POST /control/wait`):
 * after the person's read cursor (which it then advances), or after `afterId` when given. Resolves
 * undefined at the deadline (real time).
 */
import { lookUntil } from '../core/event-bus.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { WireMessage } from '../core/wire-types.js';
import type { Users } from '../users/users.js';
import type { ChatRow, MessageRow, UserRow } from '../../storage/store.js';
import type { RenderReader } from '../core/store-ports.js';
import type { ChatRefReader } from './message-ports.js';

/** What this needs of Messages (named here, not imported: messages.ts imports this file). */
interface MessageReads {
  chatForUser(
    reader: ChatRefReader,
    user: UserRow,
    chatRef: string,
    create: boolean,
  ): Promise<ChatRow | undefined>;
  render(reader: RenderReader, chat: ChatRow, row: MessageRow, viewerId: number): Promise<WireMessage>;
}

export interface WaitInput {
  userRef: string;
  chatRef: string;
  timeoutMs: number;
  afterId?: number | undefined;
  signal?: AbortSignal | undefined;
  /** The person's oldest unseen ephemeral message placed before `beforeId` (ephemeral-messages.ts). */
  takeEphemeral?: (
    chat: ChatRow,
    receiverId: number,
    beforeId: number | undefined,
  ) => Promise<WireMessage | undefined>;
}

export async function waitForIncoming(
  messages: MessageReads,
  deps: PlatformDeps,
  users: Users,
  { userRef, chatRef, timeoutMs, afterId, signal, takeEphemeral }: WaitInput,
): Promise<WireMessage | undefined> {
  const { store, bus } = deps;
  const user = await users.resolve(userRef);
  // Woken by the chat's new messages, and by the person's as a recipient (a private chat that does
  // not exist yet when the wait begins): O(this wait) per message, not one look per message anywhere.
  const known = await messages.chatForUser(store, user, chatRef, false);
  return lookUntil(
    bus,
    'message.created',
    known ? [`c${known.pk}`, `u${user.id}`] : [`u${user.id}`],
    async () => {
      const chat = known ?? (await messages.chatForUser(store, user, chatRef, false));
      if (!chat) return undefined;
      const cursor = afterId ?? (await store.getReadCursor(user.id, chat.pk));
      const next = await store.nextIncomingMessage(chat.pk, cursor, user.id);
      // An ephemeral message has no message_id: waits on the cursor answer it in its place.
      const ephemeral =
        afterId === undefined ? await takeEphemeral?.(chat, user.id, next?.message_id) : undefined;
      if (ephemeral) return ephemeral;
      if (!next) return undefined;
      if (afterId === undefined) {
        await store.write(async (tx) => tx.setReadCursor(user.id, chat.pk, next.message_id));
      }
      return messages.render(store, chat, next, user.id);
    },
    timeoutMs,
    signal,
  );
}
