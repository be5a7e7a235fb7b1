import { defineMethod } from '../define-method.js';
import { forwardOptions, fromChatId, messageIdsParam } from '../forwarding.js';

/**
 * forwardMessages: up to 100 messages of `from_chat_id`, in increasing order; those that cannot be
 * found or forwarded are skipped, albums stay albums. Answers the MessageIds of the forwards.
 * spec/bot-api.md MessageId; reference Appendix B, §6.3.
 */
export const forwardMessages = defineMethod('forwardMessages', async (ctx) => {
  const fromChat = await fromChatId(ctx);
  const messageIds = messageIdsParam(ctx);
  const { chatId, extra } = await forwardOptions(ctx, 'forward');
  const bot = await ctx.platform.users.resolve(ctx.botId, 'bot');
  const sent = await ctx.platform.forwards.send(bot, fromChat, messageIds, chatId, {
    mode: 'forward',
    extra,
    single: false,
  });
  return sent.map((message) => ({ message_id: message.message_id }));
});
