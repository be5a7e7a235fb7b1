import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { callingBot } from '../sticker-input.js';
import { normalizeTitle } from '../../platform/stickers/sticker-rules.js';

/** setStickerSetTitle: 1-64 characters (the runner refuses others, ADR 0084), for one of this bot's sets. */
export const setStickerSetTitle = defineMethod('setStickerSetTitle', async (ctx) => {
  const title = normalizeTitle(ctx.values.title);
  if (title === '') throw botApiError('STICKERSET_TITLE_EMPTY');
  await ctx.platform.stickers.sets.setTitle(await callingBot(ctx), ctx.values.name, title);
  return true;
});
