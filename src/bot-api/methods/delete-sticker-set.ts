import type { MethodContext } from '../method-context.js';
import { callingBot, requiredString } from '../sticker-input.js';

/** deleteStickerSet: a set this bot made, with its stickers; supergroups using it lose it. */
export async function deleteStickerSet(ctx: MethodContext): Promise<true> {
  const name = requiredString(ctx, 'name');
  await ctx.platform.stickers.sets.deleteSet(await callingBot(ctx), name);
  return true;
}
