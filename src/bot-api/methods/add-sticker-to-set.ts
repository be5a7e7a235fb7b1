import type { MethodContext } from '../method-context.js';
import { botAndOwner, readInputStickerParam, requiredString, storeInputSticker } from '../sticker-input.js';

/**
 * addStickerToSet: at the end of one of this bot's sets (up to 200 custom emoji, 120 others); the
 * same file again leaves the set as it is.
 */
export async function addStickerToSet(ctx: MethodContext): Promise<true> {
  const { bot, ownerId } = await botAndOwner(ctx);
  const name = requiredString(ctx, 'name');
  const spec = readInputStickerParam(ctx);
  const set = await ctx.platform.stickers.sets.checkSet(bot, name, ownerId);
  const sticker = await storeInputSticker(ctx, spec, set.sticker_type);
  await ctx.platform.stickers.sets.add(bot, ownerId, name, sticker);
  return true;
}
