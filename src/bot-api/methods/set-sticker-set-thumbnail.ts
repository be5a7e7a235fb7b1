import type { MethodContext } from '../method-context.js';
import { botAndOwner, readStickerFormat, requiredString, stickerFileOf } from '../sticker-input.js';

/**
 * setStickerSetThumbnail: a regular or mask set's thumbnail of the set's format (100 by 100 WEBP or
 * PNG up to 128 kB, TGS or WEBM up to 32 kB); absent drops it. The set is checked before the file
 * is stored.
 */
export async function setStickerSetThumbnail(ctx: MethodContext) {
  const name = requiredString(ctx, 'name');
  const { bot, ownerId } = await botAndOwner(ctx);
  const format = readStickerFormat(ctx, 'format');
  const input = ctx.params.inputFile('thumbnail') ?? ctx.params.inputFile('thumb');
  const sets = ctx.platform.stickers.sets;
  await sets.checkSet(bot, name, ownerId);
  const thumbnail = input
    ? { file: (await stickerFileOf(ctx, input, format, 'thumbnail')).file, format }
    : null;
  await sets.setThumbnail(bot, ownerId, name, thumbnail);
  return true;
}
