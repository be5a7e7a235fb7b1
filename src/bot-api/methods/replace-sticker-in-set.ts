import { defineMethod } from '../define-method.js';
import { botAndOwner, readInputStickerParam, stickerFilePk, storeInputSticker } from '../sticker-input.js';

/** replaceStickerInSet: the new sticker takes the old one's place; the same file again changes nothing. */
export const replaceStickerInSet = defineMethod('replaceStickerInSet', async (ctx): Promise<true> => {
  const { bot, ownerId } = await botAndOwner(ctx);
  const { name } = ctx.values;
  const oldFilePk = await stickerFilePk(ctx, 'old_sticker');
  const spec = readInputStickerParam(ctx);
  const set = await ctx.platform.stickers.sets.checkSet(bot, name, ownerId);
  const sticker = await storeInputSticker(ctx, spec, set.sticker_type);
  await ctx.platform.stickers.sets.replace(bot, ownerId, name, oldFilePk, sticker);
  return true;
});
