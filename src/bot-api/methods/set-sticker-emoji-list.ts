import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { callingBot, stickerFilePk, stringArray } from '../sticker-input.js';
import { isValidEmojiList } from '../../platform/stickers/sticker-rules.js';

/** setStickerEmojiList: 1-20 emoji for a sticker of one of this bot's sets. */
export async function setStickerEmojiList(ctx: MethodContext): Promise<true> {
  const filePk = await stickerFilePk(ctx);
  const list = stringArray(ctx, 'emoji_list', 'emoji list');
  if (!isValidEmojiList(list)) throw botApiError('STICKER_EMOJI_INVALID');
  await ctx.platform.stickers.sets.setEmojiList(
    await callingBot(ctx),
    filePk,
    list.map((e) => e.trim()),
  );
  return true;
}
