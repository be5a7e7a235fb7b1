import { readReactionActor } from '../chat-params.js';
import { defineMethod } from '../define-method.js';
import { targetChatId } from '../send-options.js';

/**
 * deleteMessageReaction: removes a user's reactions to one message of a group or supergroup; the
 * bot needs can_delete_messages. Queues the `message_reaction` update the user's own removal would.
 * Only users react on Parley, so actor_chat_id is refused. spec deleteMessageReaction. The runner
 * has refused a missing chat_id or message_id (ADR 0084).
 */
export const deleteMessageReaction = defineMethod('deleteMessageReaction', async (ctx) => {
  const { platform, botId } = ctx;
  const chatId = await targetChatId(ctx);
  const userId = readReactionActor(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  return platform.reactions.removeByBot(bot, chatId, userId, ctx.values.message_id);
});
