import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { callingBot, stickerFilePk } from '../sticker-input.js';

/** setStickerPositionInSet: zero-based; past the end means the end (below zero, the start). */
export async function setStickerPositionInSet(ctx: MethodContext): Promise<true> {
  const filePk = await stickerFilePk(ctx);
  const position = ctx.params.int('position');
  if (position === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'position' });
  await ctx.platform.stickers.sets.move(await callingBot(ctx), filePk, position);
  return true;
}
