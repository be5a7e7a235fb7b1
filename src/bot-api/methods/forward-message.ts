import { defineMethod } from '../define-method.js';
import { forwardOptions, fromChatId, messageIdParam } from '../forwarding.js';

/**
 * forwardMessage: the message `message_id` of `from_chat_id`, forwarded with its forward_origin
 * (the first origin of a forward of a forward); protected and service messages cannot be
 * forwarded. spec/bot-api.md Message and MessageOrigin; reference Appendix B and §2.3 texts.
 */
export const forwardMessage = defineMethod('forwardMessage', async (ctx) => {
  const fromChat = await fromChatId(ctx);
  const messageId = messageIdParam(ctx);
  const { chatId, extra } = await forwardOptions(ctx, 'forward');
  const bot = await ctx.platform.users.resolve(ctx.botId, 'bot');
  const [message] = await ctx.platform.forwards.send(bot, fromChat, [messageId], chatId, {
    mode: 'forward',
    extra,
    single: true,
  });
  // With `single`, a message that cannot be forwarded is the call's error: exactly one was sent.
  return message!;
});
