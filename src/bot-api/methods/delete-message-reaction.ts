import { readReactionActor } from '../chat-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { targetChatId } from '../send-options.js';

/**
 * deleteMessageReaction: removes a user's reactions to one message of a group or supergroup; the
 * bot needs can_delete_messages. Queues the `message_reaction` update the user's own removal would.
 * Only users react on Parley, so actor_chat_id is refused. spec deleteMessageReaction.
 */
export async function deleteMessageReaction(ctx: MethodContext) {
  const { params, platform, botId } = ctx;
  if (params.string('chat_id') === undefined) throw botApiError('PARAMETER_EMPTY', { name: 'chat_id' });
  const chatId = await targetChatId(ctx);
  const userId = readReactionActor(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  return platform.reactions.removeByBot(bot, chatId, userId, params.int('message_id') ?? 0);
}
