import { defineMethod } from '../define-method.js';
import { botAndOwner, readInputStickerParam, storeInputSticker } from '../sticker-input.js';

/**
 * addStickerToSet: at the end of one of this bot's sets (up to 200 custom emoji, 120 others); the
 * same file again leaves the set as it is.
 */
export const addStickerToSet = defineMethod('addStickerToSet', async (ctx): Promise<true> => {
  const { bot, ownerId } = await botAndOwner(ctx);
  const { name } = ctx.values;
  const spec = readInputStickerParam(ctx);
  const set = await ctx.platform.stickers.sets.checkSet(bot, name, ownerId);
  const sticker = await storeInputSticker(ctx, spec, set.sticker_type);
  await ctx.platform.stickers.sets.add(bot, ownerId, name, sticker);
  return true;
});
