import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { targetChatId } from '../send-options.js';

/**
 * deleteMessage: the bot's own messages, or any message in a private chat, younger than 48 hours.
 * reference §2.3 ("message to delete not found", "message can't be deleted"). The runner has refused
 * a missing chat_id or message_id (ADR 0084); a message_id that reads as 0 or less is left here.
 */
export const deleteMessage = defineMethod('deleteMessage', async (ctx) => {
  const { platform, botId } = ctx;
  const messageId = ctx.values.message_id;
  if (messageId <= 0) throw botApiError('MESSAGE_IDENTIFIER_NOT_SPECIFIED');
  const chatId = await targetChatId(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.edits.deleteManyByBot(bot, chatId, [messageId]);
  return true;
});
