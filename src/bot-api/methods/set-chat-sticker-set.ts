import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';
import { requiredString } from '../sticker-input.js';

/** setChatStickerSet: a supergroup's sticker set (can_change_info); getChat shows sticker_set_name. */
export async function setChatStickerSet(ctx: MethodContext): Promise<true> {
  const { bot, chatId } = await botInChat(ctx);
  const name = requiredString(ctx, 'sticker_set_name');
  await ctx.platform.stickers.setChatSet(bot, chatId, name);
  return true;
}
