import { defineMethod } from '../define-method.js';
import { forwardOptions, fromChatId, messageIdParam } from '../forwarding.js';
import { readCaption } from '../send-media.js';
import type { ForwardRequest } from '../../platform/messages/forwards.js';

/**
 * copyMessage: the message `message_id` of `from_chat_id`, sent again without a link to it, with
 * an optional new caption (an empty one removes it), keyboard and reply. Answers its MessageId.
 * spec/bot-api.md MessageId; reference Appendix B, §6.3.
 */
export const copyMessage = defineMethod('copyMessage', async (ctx) => {
  const { params } = ctx;
  const fromChat = await fromChatId(ctx);
  const messageId = messageIdParam(ctx);
  let caption: ForwardRequest['caption'];
  // The reference replaces the caption whenever the parameter is there, even empty (ctx.values.caption
  // can't tell an empty caption from none).
  if (params.has('caption')) {
    caption = readCaption(ctx);
    if (caption.caption !== undefined && ctx.values.show_caption_above_media) {
      caption.show_caption_above_media = true;
    }
  }
  const { chatId, extra, replyTo } = await forwardOptions(ctx, 'copy');
  const bot = await ctx.platform.users.resolve(ctx.botId, 'bot');
  const [message] = await ctx.platform.forwards.send(bot, fromChat, [messageId], chatId, {
    mode: 'copy',
    extra,
    replyTo,
    ...(caption ? { caption } : {}),
    single: true,
  });
  return { message_id: message!.message_id };
});
