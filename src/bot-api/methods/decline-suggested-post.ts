import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { targetChatId } from '../send-options.js';

/**
 * declineSuggestedPost: declines a pending suggested post (suggested_post_declined with the
 * comment, 0-128 characters; nothing is charged); the bot needs can_manage_direct_messages in the
 * channel. platform/suggested-posts/suggested-posts.ts; ADR 0053.
 */
export const declineSuggestedPost = defineMethod('declineSuggestedPost', async (ctx) => {
  const { platform, botId } = ctx;
  // An empty comment reads as none (undefined).
  const { message_id: messageId, comment } = ctx.values;
  const chatId = await targetChatId(ctx);
  if (messageId <= 0) throw botApiError('MESSAGE_IDENTIFIER_NOT_SPECIFIED');
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.suggestedPosts.decline(bot, chatId, messageId, comment);
  return true;
});
