import { connectionIdOf, strictChatId } from '../business-params.js';
import { defineMethod } from '../define-method.js';

/**
 * readBusinessMessage: can_read_messages; an incoming message of a chat active in the last 24 hours
 * is marked read by the account (its read cursor moves up to it).
 */
export const readBusinessMessage = defineMethod('readBusinessMessage', async (ctx) => {
  const connectionId = connectionIdOf(ctx);
  const chatId = strictChatId(ctx);
  // The runner has refused an absent message_id.
  const { message_id: messageId } = ctx.values;
  await ctx.platform.businessAccount.readMessage(ctx.botId, connectionId, chatId, messageId);
  return true;
});
