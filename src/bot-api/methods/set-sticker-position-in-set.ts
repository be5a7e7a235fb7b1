import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { callingBot, stickerFilePk } from '../sticker-input.js';

/** setStickerPositionInSet: zero-based; past the end means the end (below zero, the start). */
export const setStickerPositionInSet = defineMethod('setStickerPositionInSet', async (ctx) => {
  // The sticker's own reader: trimmed, "" is "sticker is not specified", resolved to its file.
  const filePk = await stickerFilePk(ctx);
  const { position } = ctx.values;
  if (position === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'position' });
  await ctx.platform.stickers.sets.move(await callingBot(ctx), filePk, position);
  return true;
});
