import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/**
 * setChatStickerSet: a supergroup's sticker set (can_change_info); getChat shows sticker_set_name.
 * The runner has refused a call without sticker_set_name (ADR 0084).
 */
export const setChatStickerSet = defineMethod('setChatStickerSet', async (ctx) => {
  const { sticker_set_name: name } = ctx.values;
  const { bot, chatId } = await botInChat(ctx);
  await ctx.platform.stickers.setChatSet(bot, chatId, name);
  return true;
});
