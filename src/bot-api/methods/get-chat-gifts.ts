import { readGiftFilter } from '../gift-params.js';
import type { MethodContext } from '../method-context.js';
import { targetChatId } from '../send-options.js';

/** getChatGifts: the gifts a channel owns (OwnedGifts). ADR 0050. */
export async function getChatGifts(ctx: MethodContext) {
  const chatId = await targetChatId(ctx);
  return ctx.platform.gifts.lists.ofChat(ctx.botId, chatId, readGiftFilter(ctx));
}
