import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { targetChatId } from '../send-options.js';

/**
 * declineSuggestedPost: declines a pending suggested post (suggested_post_declined with the
 * comment, 0-128 characters; nothing is charged); the bot needs can_manage_direct_messages in the
 * channel. platform/suggested-posts/suggested-posts.ts; ADR 0053.
 */
export async function declineSuggestedPost(ctx: MethodContext): Promise<true> {
  const { params, platform, botId } = ctx;
  const chatId = await targetChatId(ctx);
  const messageId = params.int('message_id') ?? 0;
  if (messageId <= 0) throw botApiError('MESSAGE_IDENTIFIER_NOT_SPECIFIED');
  const comment = params.string('comment');
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.suggestedPosts.decline(bot, chatId, messageId, comment === '' ? undefined : comment);
  return true;
}
