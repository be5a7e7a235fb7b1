/**
 * A bot sends on behalf of a business account (sending methods with business_connection_id): the
 * message is the account's, in its private chat with the customer (chat_id is the customer's id),
 * and the customer sees it from the account. The connection must be enabled with can_reply, and
 * the customer must have written to the account in the last 24 hours (spec BusinessBotRights
 * can_reply). The bot gets the message as the account sees it, with business_connection_id and
 * sender_business_bot. ADR 0049. The checks are here; the send itself is BusinessRelay.sendOnBehalf,
 * which messages/ calls through the kernel's MessageRelay (ADR 0111).
 */
import { PlatformError } from '../core/errors.js';
import type { UserRow } from '../../storage/store.js';
import { usableConnection } from './usable-connection.js';
import type { UsersReader } from '../../storage/ports/users.js';
import type { ChatsReader } from '../../storage/ports/chats.js';
import type { BusinessReader } from '../../storage/ports/business.js';

const REPLY_WINDOW = 24 * 60 * 60;

/** The business chat a bot may send into: the connection's checks, then the customer's chat. */
export async function businessTarget(
  reader: BusinessReader & ChatsReader & UsersReader,
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
