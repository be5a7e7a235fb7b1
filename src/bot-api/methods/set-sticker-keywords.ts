import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { callingBot, stickerFilePk, stringArray } from '../sticker-input.js';
import { isValidKeywords } from '../../platform/stickers/sticker-rules.js';

/** setStickerKeywords: 0-20 keywords of 64 characters together; absent clears them. */
export const setStickerKeywords = defineMethod('setStickerKeywords', async (ctx) => {
  // The sticker's own reader (trimmed, resolved to its file); the keywords are JSON, with their own.
  const filePk = await stickerFilePk(ctx);
  const list = stringArray(ctx, 'keywords', 'keywords', []);
  if (!isValidKeywords(list)) throw botApiError('STICKER_KEYWORDS_INVALID');
  const keywords = list.map((k) => k.trim()).filter((k) => k !== '');
  await ctx.platform.stickers.sets.setKeywords(await callingBot(ctx), filePk, keywords);
  return true;
});
