import { connectionIdOf, strictChatId } from '../business-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * readBusinessMessage: can_read_messages; an incoming message of a chat active in the last 24 hours
 * is marked read by the account (its read cursor moves up to it).
 */
export async function readBusinessMessage(ctx: MethodContext): Promise<true> {
  const connectionId = connectionIdOf(ctx);
  const chatId = strictChatId(ctx);
  const messageId = ctx.params.int('message_id');
  if (messageId === undefined) throw botApiError('MESSAGE_IDENTIFIER_NOT_SPECIFIED');
  await ctx.platform.businessAccount.readMessage(ctx.botId, connectionId, chatId, messageId);
  return true;
}
