import { defineMethod } from '../define-method.js';
import { readReactionTypes } from '../reaction-types.js';
import { targetChatId } from '../send-options.js';

/**
 * setMessageReaction: the bot's reaction to a message (at most one; an emoji of the spec's list or
 * a custom emoji already on the message; none removes it), with is_big. Bots' reactions cause no
 * message_reaction update. spec "Reactions"; reference §2.3 ("message to react not found"). The
 * runner has refused a call without chat_id or message_id, and more than one reaction (ADR 0084).
 */
export const setMessageReaction = defineMethod('setMessageReaction', async (ctx) => {
  const { params, platform, botId } = ctx;
  const { message_id: messageId, is_big: isBig } = ctx.values;
  // reaction is JSON: its own reader (shared with the person's reactions).
  const reaction = readReactionTypes(params);
  const chatId = await targetChatId(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.reactions.setByBot(bot, chatId, messageId, reaction, isBig);
  return true;
});
