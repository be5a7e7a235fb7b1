import { defineMethod } from '../define-method.js';
import { callingBot, stickerFilePk } from '../sticker-input.js';

/** deleteStickerFromSet: a sticker of one of this bot's sets; the others close up. */
export const deleteStickerFromSet = defineMethod('deleteStickerFromSet', async (ctx) => {
  // The sticker's own reader: trimmed, "" is "sticker is not specified", resolved to its file.
  const filePk = await stickerFilePk(ctx);
  await ctx.platform.stickers.sets.remove(await callingBot(ctx), filePk);
  return true;
});
