import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { callingBot, stickerFilePk } from '../sticker-input.js';
import { maskPositionOf } from '../../platform/stickers/sticker-rules.js';

/** setStickerMaskPosition: mask stickers of this bot's sets; absent removes the position. */
export const setStickerMaskPosition = defineMethod('setStickerMaskPosition', async (ctx) => {
  // The sticker's own reader (trimmed, resolved to its file); the position is JSON, with its own.
  const filePk = await stickerFilePk(ctx);
  const given = ctx.params.parsedJson('mask_position', 'MaskPosition');
  const mask = given === undefined ? null : (maskPositionOf(given) ?? null);
  if (given !== undefined && !mask) throw botApiError('MASK_POSITION_INVALID');
  await ctx.platform.stickers.sets.setMaskPosition(await callingBot(ctx), filePk, mask);
  return true;
});
