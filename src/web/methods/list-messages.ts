import { SERVICE_USER_ID } from '../../platform/gateway/delivery.js';
import { GatewayError } from '../../platform/gateway/gateway-error.js';
import type { WireMessage } from '../../platform/core/wire-types.js';
import type { ChatRow } from '../../storage/store.js';
import { positive, text, type WebContext } from '../web-context.js';
import { visibleChat } from '../visible-chat.js';
import { readByOthers } from '../read-state.js';

/** Messages on each side of the one a page around a message is read for (`?around=`). */
export const AROUND_SIDE = 50;

/**
 * GET /web/api/messages?chat=ID: the newest messages of a chat as the person sees them, oldest
 * first; the chat counts as read up to the newest. In the service chat, reading a verification
 * message reports it read to the gateway (its delivery status becomes `read`). Messages with
 * reactions carry `reaction_summary` (the counts and the person's own choice), read for the page
 * at once. A chat the person cannot see is 404 `CHAT_NOT_FOUND`, as one that does not exist
 * (visible-chat.ts). The person's own ephemeral messages (message_id 0, those they received or sent;
 * ADR 0080) are among them in their place, and no one else's. The person's own messages that
 * another person of the chat has read carry `read: true` (read-state.ts, ADR 0098).
 *
 * With `around=MESSAGE_ID` (ADR 0101 addendum): the 50 messages before that one, it, and the 50
 * after it, alike (ephemeral messages placed within the page, replaced ones left out); 404
 * `MESSAGE_NOT_FOUND` when the chat has no such message. Read as a person's app reads a message it
 * jumps to: the chat counts as read up to that message, never past it (newer messages that the person
 * has not seen stay unread), and in the service chat only the codes up to it are reported read.
 */
export async function listMessages({ platform, chatList, session, input }: WebContext) {
  const chatRef = text(input, 'chat', true);
  const around = positive(input, 'around');
  const limit = Math.min(positive(input, 'limit') ?? 100, 100);
  const chat = await visibleChat(platform, session.userId, chatRef);
  const user = String(session.userId);
  if (around !== undefined) {
    // (A chat by @username that does not exist yet has no such message: MESSAGE_NOT_FOUND.)
    const page = await platform.ephemeral.listAroundForUser(user, chatRef, around, AROUND_SIDE);
    if (chat) await present({ platform, chatList, session }, chat, page.messages, around);
    return page.messages;
  }
  if (chat === undefined) return [];
  const messages = await platform.ephemeral.listForUser(user, chatRef, limit);
  await present({ platform, chatList, session }, chat, messages, Infinity);
  return messages;
}

/**
 * Marks the chat read up to the newest of `messages` at or before `readUpTo`, and adds the page's
 * reactions and read ticks; in the service chat, reports read the codes among them up to there.
 */
async function present(
  { platform, chatList, session }: Pick<WebContext, 'platform' | 'chatList' | 'session'>,
  chat: ChatRow,
  messages: WireMessage[],
  readUpTo: number,
): Promise<void> {
  // Ephemeral messages have message_id 0: read marks and reactions go by the chat's own messages.
  const ordinary = messages.filter((message) => message.message_id !== 0);
  const newest = ordinary.at(-1);
  if (!newest) return;
  const seen = ordinary.filter((message) => message.message_id <= readUpTo);
  const lastSeen = seen.at(-1);
  if (lastSeen) await chatList.markRead(session.userId, chat, lastSeen.message_id);
  const summaries = await platform.reactions.summaries(
    platform.deps.store,
    chat,
    ordinary[0]!.message_id,
    newest.message_id,
    session.userId,
  );
  const read = await readByOthers(platform, chat, session.userId);
  for (const message of ordinary) {
    const summary = summaries.get(message.message_id);
    if (summary) Object.assign(message, { reaction_summary: summary });
    if (message.from?.id === session.userId && message.message_id <= read)
      Object.assign(message, { read: true });
  }
  if (newest.chat.id === SERVICE_USER_ID)
    await readCodes(platform, String(session.userId), new Set(seen.map((m) => m.message_id)));
}

/** Reports read the verification messages among those shown that are not read yet. */
async function readCodes(platform: WebContext['platform'], user: string, shown: Set<number>): Promise<void> {
  const inbox = await platform.gateway.inbox.list(user);
  for (const entry of inbox) {
    if (entry.message_id === undefined || !shown.has(entry.message_id)) continue;
    if (entry.delivery_status !== 'sent' && entry.delivery_status !== 'delivered') continue;
    try {
      await platform.gateway.inbox.markRead(user, entry.request_id);
    } catch (error) {
      // A message that expired or was revoked meanwhile, or no device online: it stays as it is.
      if (!(error instanceof GatewayError)) throw error;
    }
  }
}
