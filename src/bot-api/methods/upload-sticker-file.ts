import { botApiError } from '../errors.js';
import { defineMethod } from '../define-method.js';
import { botAndOwner, readStickerFormat, stickerFileOf } from '../sticker-input.js';

/**
 * uploadStickerFile: a new upload of a .WEBP or .PNG (static), .TGS (animated) or .WEBM (video)
 * file for later use in sets, checked on its bytes (a sticker's or a custom emoji's sides); answers
 * the File with this bot's file_id and file_path.
 */
export const uploadStickerFile = defineMethod('uploadStickerFile', async (ctx) => {
  await botAndOwner(ctx);
  const input = ctx.values.sticker;
  if (!input || !('upload' in input)) throw botApiError('MEDIA_MISSING', { media: 'sticker' });
  const format = readStickerFormat(ctx, 'sticker_format');
  const { file, ref } = await stickerFileOf(ctx, input, format, 'upload');
  const withPath = await ctx.platform.files.withPath(ctx.botId, { file, ref });
  return {
    file_id: withPath.ref.file_id,
    file_unique_id: file.unique_id,
    file_size: file.size,
    file_path: withPath.ref.file_path,
  };
});
