import { defineMethod } from '../define-method.js';
import { readGiftFilter } from '../gift-params.js';
import { targetChatId } from '../send-options.js';

/** getChatGifts: the gifts a channel owns (OwnedGifts). ADR 0050. */
export const getChatGifts = defineMethod('getChatGifts', async (ctx) => {
  const chatId = await targetChatId(ctx);
  return ctx.platform.gifts.lists.ofChat(ctx.botId, chatId, readGiftFilter(ctx));
});
