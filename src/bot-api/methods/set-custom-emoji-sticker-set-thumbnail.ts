import type { MethodContext } from '../method-context.js';
import { callingBot, requiredString } from '../sticker-input.js';

/** setCustomEmojiStickerSetThumbnail: one of the set's custom emoji; empty or absent drops it. */
export async function setCustomEmojiStickerSetThumbnail(ctx: MethodContext): Promise<true> {
  const name = requiredString(ctx, 'name');
  const id = ctx.params.string('custom_emoji_id')?.trim() ?? '';
  await ctx.platform.stickers.sets.setCustomEmojiThumbnail(await callingBot(ctx), name, id);
  return true;
}
