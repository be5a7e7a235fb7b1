import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/** deleteChatStickerSet: removes a supergroup's sticker set (can_change_info). */
export const deleteChatStickerSet = defineMethod('deleteChatStickerSet', async (ctx) => {
  const { bot, chatId } = await botInChat(ctx);
  await ctx.platform.stickers.setChatSet(bot, chatId, null);
  return true;
});
