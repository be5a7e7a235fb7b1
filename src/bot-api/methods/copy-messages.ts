import { defineMethod } from '../define-method.js';
import { forwardOptions, fromChatId, messageIdsParam } from '../forwarding.js';

/**
 * copyMessages: up to 100 messages of `from_chat_id` sent again without a link to them, captions
 * removed on request (remove_caption); those that cannot be found or copied are skipped. Answers
 * the MessageIds of the copies. spec/bot-api.md MessageId; reference Appendix B, §6.3.
 */
export const copyMessages = defineMethod('copyMessages', async (ctx) => {
  const fromChat = await fromChatId(ctx);
  const messageIds = messageIdsParam(ctx);
  // Like a forward, copyMessages takes no keyboard and no reply (process_copy_messages_query).
  const { chatId, extra } = await forwardOptions(ctx, 'forward');
  const bot = await ctx.platform.users.resolve(ctx.botId, 'bot');
  const sent = await ctx.platform.forwards.send(bot, fromChat, messageIds, chatId, {
    mode: 'copy',
    extra,
    ...(ctx.values.remove_caption ? { caption: 'remove' as const } : {}),
    single: false,
  });
  return sent.map((message) => ({ message_id: message.message_id }));
});
