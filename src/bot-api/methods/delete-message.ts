import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { targetChatId } from '../send-options.js';

/**
 * deleteMessage: the bot's own messages, or any message in a private chat, younger than 48 hours.
 * reference §2.3 ("message to delete not found", "message can't be deleted").
 */
export async function deleteMessage(ctx: MethodContext): Promise<true> {
  const { params, platform, botId } = ctx;
  if (params.string('chat_id') === undefined) throw botApiError('CHAT_IDENTIFIER_NOT_SPECIFIED');
  const messageId = params.int('message_id') ?? 0;
  if (messageId <= 0) throw botApiError('MESSAGE_IDENTIFIER_NOT_SPECIFIED');
  const chatId = await targetChatId(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.edits.deleteManyByBot(bot, chatId, [messageId]);
  return true;
}
