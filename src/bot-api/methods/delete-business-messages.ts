import { connectionIdOf, messageIdsOf } from '../business-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * deleteBusinessMessages: 1-100 messages of one chat of the account; the bot's own sends with
 * can_delete_sent_messages, any message with can_delete_all_messages. Other connected bots get
 * deleted_business_messages.
 */
export async function deleteBusinessMessages(ctx: MethodContext): Promise<true> {
  const connectionId = connectionIdOf(ctx);
  await ctx.platform.businessAccount.deleteMessages(ctx.botId, connectionId, messageIdsOf(ctx));
  return true;
}
