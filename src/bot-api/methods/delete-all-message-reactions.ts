import { readReactionActor } from '../chat-params.js';
import { defineMethod } from '../define-method.js';
import { targetChatId } from '../send-options.js';

/**
 * deleteAllMessageReactions: removes up to 10000 recent reactions of a user in a group or
 * supergroup, in one write; the bot needs can_delete_messages. Queues a `message_reaction` update
 * per message, as the user's own removals would. Only users react on Parley, so actor_chat_id is
 * refused. spec deleteAllMessageReactions. The runner has refused a missing chat_id (ADR 0084).
 */
export const deleteAllMessageReactions = defineMethod('deleteAllMessageReactions', async (ctx) => {
  const { platform, botId } = ctx;
  const chatId = await targetChatId(ctx);
  const userId = readReactionActor(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  return platform.reactions.removeByBot(bot, chatId, userId);
});
