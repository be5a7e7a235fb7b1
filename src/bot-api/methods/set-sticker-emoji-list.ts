import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { callingBot, stickerFilePk, stringArray } from '../sticker-input.js';
import { isValidEmojiList } from '../../platform/stickers/sticker-rules.js';

/** setStickerEmojiList: 1-20 emoji for a sticker of one of this bot's sets. */
export const setStickerEmojiList = defineMethod('setStickerEmojiList', async (ctx) => {
  // The sticker's own reader (trimmed, resolved to its file); the list is JSON, with its own reader.
  const filePk = await stickerFilePk(ctx);
  const list = stringArray(ctx, 'emoji_list', 'emoji list');
  if (!isValidEmojiList(list)) throw botApiError('STICKER_EMOJI_INVALID');
  await ctx.platform.stickers.sets.setEmojiList(
    await callingBot(ctx),
    filePk,
    list.map((e) => e.trim()),
  );
  return true;
});
