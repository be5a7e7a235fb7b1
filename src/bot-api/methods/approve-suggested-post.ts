import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { targetChatId } from '../send-options.js';

/**
 * approveSuggestedPost: publishes a suggested post of a channel's direct-messages chat (now, or at
 * send_date on the virtual clock) and charges its price in Stars; the bot needs can_post_messages
 * in the channel. Stars that do not cover the price give suggested_post_approval_failed (the post
 * stays pending) and still answer True. platform/suggested-posts/suggested-posts.ts; ADR 0053.
 */
export const approveSuggestedPost = defineMethod('approveSuggestedPost', async (ctx) => {
  const { platform, botId } = ctx;
  const { message_id: messageId, send_date: sendDate } = ctx.values;
  const chatId = await targetChatId(ctx);
  if (messageId <= 0) throw botApiError('MESSAGE_IDENTIFIER_NOT_SPECIFIED');
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.suggestedPosts.approve(bot, chatId, messageId, sendDate);
  return true;
});
