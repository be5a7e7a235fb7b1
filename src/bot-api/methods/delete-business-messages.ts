import { connectionIdOf, messageIdsOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';

/**
 * deleteBusinessMessages: 1-100 messages of one chat of the account; the bot's own sends with
 * can_delete_sent_messages, any message with can_delete_all_messages. Other connected bots get
 * deleted_business_messages.
 */
export const deleteBusinessMessages = defineMethod('deleteBusinessMessages', async (ctx) => {
  const connectionId = connectionIdOf(ctx);
  await ctx.platform.businessAccount.deleteMessages(ctx.botId, connectionId, messageIdsOf(ctx));
  return true;
});
