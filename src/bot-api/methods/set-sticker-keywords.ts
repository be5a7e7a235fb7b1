import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { callingBot, stickerFilePk, stringArray } from '../sticker-input.js';
import { isValidKeywords } from '../../platform/stickers/sticker-rules.js';

/** setStickerKeywords: 0-20 keywords of 64 characters together; absent clears them. */
export async function setStickerKeywords(ctx: MethodContext): Promise<true> {
  const filePk = await stickerFilePk(ctx);
  const list = stringArray(ctx, 'keywords', 'keywords', []);
  if (!isValidKeywords(list)) throw botApiError('STICKER_KEYWORDS_INVALID');
  const keywords = list.map((k) => k.trim()).filter((k) => k !== '');
  await ctx.platform.stickers.sets.setKeywords(await callingBot(ctx), filePk, keywords);
  return true;
}
