import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { readReactionTypes } from '../reaction-types.js';
import { targetChatId } from '../send-options.js';

/**
 * setMessageReaction: the bot's reaction to a message (at most one; an emoji of the spec's list or
 * a custom emoji already on the message; none removes it), with is_big. Bots' reactions cause no
 * message_reaction update. spec "Reactions"; reference §2.3 ("message to react not found").
 */
export async function setMessageReaction(ctx: MethodContext): Promise<true> {
  const { params, platform, botId } = ctx;
  const reaction = readReactionTypes(params);
  if (params.string('chat_id') === undefined) throw botApiError('PARAMETER_EMPTY', { name: 'chat_id' });
  const chatId = await targetChatId(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.reactions.setByBot(
    bot,
    chatId,
    params.int('message_id') ?? 0,
    reaction,
    params.bool('is_big'),
  );
  return true;
}
