import { defineMethod } from '../define-method.js';
import { callingBot } from '../sticker-input.js';

/** setCustomEmojiStickerSetThumbnail: one of the set's custom emoji; empty or absent drops it. */
export const setCustomEmojiStickerSetThumbnail = defineMethod(
  'setCustomEmojiStickerSetThumbnail',
  async (ctx) => {
    const { name, custom_emoji_id: id = '' } = ctx.values;
    await ctx.platform.stickers.sets.setCustomEmojiThumbnail(await callingBot(ctx), name, id.trim());
    return true;
  },
);
