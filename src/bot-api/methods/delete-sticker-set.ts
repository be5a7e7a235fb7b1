import { defineMethod } from '../define-method.js';
import { callingBot } from '../sticker-input.js';

/** deleteStickerSet: a set this bot made, with its stickers; supergroups using it lose it. */
export const deleteStickerSet = defineMethod('deleteStickerSet', async (ctx) => {
  await ctx.platform.stickers.sets.deleteSet(await callingBot(ctx), ctx.values.name);
  return true;
});
