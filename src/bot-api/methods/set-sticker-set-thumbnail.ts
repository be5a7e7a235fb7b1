import { defineMethod } from '../define-method.js';
import type { MethodContext } from '../method-context.js';
import { isFileId, type InputFile } from '../input-file.js';
import { botAndOwner, readStickerFormat, stickerFileOf } from '../sticker-input.js';
import { uploadHead } from '../../platform/files/upload.js';
import { formatOfMimeType, sniffFormat, type StickerFormat } from '../../platform/stickers/sticker-files.js';

/**
 * setStickerSetThumbnail (also the legacy setStickerSetThumb): a regular or mask set's thumbnail of
 * the set's format (100 by 100 WEBP or PNG up to 128 kB, TGS or WEBM up to 32 kB); absent drops it.
 * The set is checked before the file is stored. Without `format` (the form before Bot API 6.6, which
 * libraries such as node-telegram-bot-api 0.x still send) the format is the file's own, as the
 * reference server leaves it to TDLib to find (ADR 0072).
 */
export const setStickerSetThumbnail = defineMethod('setStickerSetThumbnail', async (ctx): Promise<true> => {
  const { name } = ctx.values;
  const { bot, ownerId } = await botAndOwner(ctx);
  // `thumb`: the legacy name (setStickerSetThumb, before Bot API 6.6), not in the declaration.
  const input = ctx.values.thumbnail ?? ctx.params.inputFile('thumb');
  const named = ctx.values.format !== undefined;
  const format = named ? readStickerFormat(ctx, 'format') : input && (await formatOfInput(ctx, input));
  const sets = ctx.platform.stickers.sets;
  await sets.checkSet(bot, name, ownerId);
  const thumbnail =
    input && format ? { file: (await stickerFileOf(ctx, input, format, 'thumbnail')).file, format } : null;
  await sets.setThumbnail(bot, ownerId, name, thumbnail);
  return true;
});

/** The format of a file given without one: an upload's bytes, a file_id's stored type, else static. */
async function formatOfInput(ctx: MethodContext, input: InputFile): Promise<StickerFormat> {
  if ('upload' in input) return sniffFormat(uploadHead(input.upload));
  if (!isFileId(input)) return 'static';
  const found = await ctx.platform.files.byFileId(ctx.botId, input.ref);
  return formatOfMimeType(found?.file.mime_type ?? null);
}
