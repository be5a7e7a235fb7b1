import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/** deleteChatStickerSet: removes a supergroup's sticker set (can_change_info). */
export async function deleteChatStickerSet(ctx: MethodContext): Promise<true> {
  const { bot, chatId } = await botInChat(ctx);
  await ctx.platform.stickers.setChatSet(bot, chatId, null);
  return true;
}
