/**
 * A bot sends on behalf of a business account (sending methods with business_connection_id): the
 * message is the account's, in its private chat with the customer (chat_id is the customer's id),
 * and the customer sees it from the account. The connection must be enabled with can_reply, and
 * the customer must have written to the account in the last 24 hours (spec BusinessBotRights
 * can_reply). The bot gets the message as the account sees it, with business_connection_id and
 * sender_business_bot. ADR 0049.
 */
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { MessageContent, WireMessage } from '../core/wire-types.js';
import type { ChatRow, MessageRow, StoreReader, StoreTx, UserRow } from '../../storage/store.js';
import type { BusinessRelay } from './business-relay.js';
import { usableConnection } from './usable-connection.js';

const REPLY_WINDOW = 24 * 60 * 60;

/** What a send on behalf needs of messages/messages.ts (which calls it: no import back). */
export interface MessageStore {
  insertServiceMessage(
    tx: StoreTx,
    chat: ChatRow,
    senderId: number,
    content: MessageContent,
  ): Promise<MessageRow>;
  render(reader: StoreReader, chat: ChatRow, row: MessageRow, viewerId: number): Promise<WireMessage>;
  announceServiceMessage(chat: ChatRow, row: MessageRow): void;
}

/** The business chat a bot may send into: the connection's checks, then the customer's chat. */
export async function businessTarget(
  reader: StoreReader,
  now: number,
  bot: UserRow,
  connectionId: string,
  chatId: number,
) {
  const connection = await usableConnection(reader, bot.id, connectionId, 'can_reply');
  const customer = chatId > 0 && chatId !== connection.user_id ? await reader.getUser(chatId) : undefined;
  const chat =
    customer && !customer.is_bot ? await reader.getPrivateChat(connection.user_id, chatId) : undefined;
  if (!chat) throw new PlatformError('CHAT_NOT_FOUND', 'chat not found');
  const incomingAt = await reader.getBusinessChatIncomingAt(connection.id, chat.pk);
  if (incomingAt === undefined || now - incomingAt > REPLY_WINDOW) {
    throw new PlatformError('BOT_ACCESS_FORBIDDEN', 'no message from the customer in the last 24 hours');
  }
  return { connection, chat };
}

export async function sendOnBehalf(
  deps: PlatformDeps,
  messages: MessageStore,
  relay: BusinessRelay,
  bot: UserRow,
  connectionId: string,
  chatId: number,
  content: MessageContent,
  replyTo: { messageId: number; allowWithout: boolean } | undefined,
  withMessage?: (tx: StoreTx, chat: ChatRow, row: MessageRow) => Promise<void>,
): Promise<WireMessage> {
  const sent = await deps.store.write(async (tx) => {
    const { connection, chat } = await businessTarget(tx, deps.clock.now(), bot, connectionId, chatId);
    if (replyTo) {
      if (await tx.getMessage(chat.pk, replyTo.messageId)) content._reply_to = replyTo.messageId;
      else if (!replyTo.allowWithout) {
        throw new PlatformError('REPLY_MESSAGE_NOT_FOUND', 'message to be replied not found');
      }
    }
    content._business_bot = bot.id;
    const row = await messages.insertServiceMessage(tx, chat, connection.user_id, content);
    await withMessage?.(tx, chat, row);
    // A customer that is a business account too has its own bot, which gets the message.
    const notify = await relay.relay(
      tx,
      chat,
      row,
      'business_message',
      (viewer) => messages.render(tx, chat, row, viewer),
      bot.id,
    );
    return { connection, chat, row, notify };
  });
  for (const botId of sent.notify) deps.bus.emit('updates.queued', { botId });
  messages.announceServiceMessage(sent.chat, sent.row);
  const { store } = deps;
  const seen = await messages.render(store, sent.chat, sent.row, sent.connection.user_id);
  return relay.forBot(store, sent.connection, seen, sent.row);
}
