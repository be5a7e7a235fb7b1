import { botApiError } from '../errors.js';
import { defineMethod } from '../define-method.js';
import type { MethodContext } from '../method-context.js';
import {
  botAndOwner,
  readInputSticker,
  readLegacyInputSticker,
  readStickerType,
  readTitle,
  storeInputSticker,
  type InputStickerSpec,
} from '../sticker-input.js';
import { MAX_INITIAL_STICKERS } from '../../platform/stickers/sticker-rules.js';

/**
 * The set's first stickers: `stickers`, 1-50 InputStickers as JSON, or the one sticker of the form
 * before Bot API 6.6 (`png_sticker`/`tgs_sticker`/`webm_sticker` with `emojis`; ADR 0072).
 */
function readStickers(ctx: MethodContext): InputStickerSpec[] {
  if (ctx.params.string('stickers') === undefined) return [readLegacyInputSticker(ctx)];
  const list = ctx.params.parsedJson('stickers', 'InputSticker');
  if (!Array.isArray(list)) throw botApiError('ARRAY_EXPECTED', { of: 'InputSticker' });
  if (list.length === 0) throw botApiError('STICKERS_EMPTY');
  if (list.length > MAX_INITIAL_STICKERS) throw botApiError('STICKERS_TOO_MUCH');
  return list.map((item) => readInputSticker(ctx, item));
}

/**
 * createNewStickerSet: a set owned by user_id that this bot may edit: name `..._by_<bot username>`,
 * title 1-64, 1-50 InputStickers checked for the set's type (regular, mask or custom_emoji),
 * needs_repainting for custom emoji sets; also the legacy form (one png_sticker, tgs_sticker or
 * webm_sticker with emojis, contains_masks). The owner and name are checked before files are stored.
 */
export const createNewStickerSet = defineMethod('createNewStickerSet', async (ctx): Promise<true> => {
  const { bot, ownerId } = await botAndOwner(ctx);
  const name = ctx.values.name.trim();
  // The title's own reader: normalized, and blank refused with the sticker set's text.
  const title = readTitle(ctx);
  // The legacy contains_masks asks for a mask set (the form before sticker_type).
  const type = ctx.params.bool('contains_masks') ? 'mask' : readStickerType(ctx);
  const specs = readStickers(ctx);
  const sets = ctx.platform.stickers.sets;
  await sets.checkNewSet(bot, ownerId, name);
  const stickers = [];
  for (const spec of specs) stickers.push(await storeInputSticker(ctx, spec, type));
  await sets.create(bot, {
    ownerId,
    name,
    title,
    type,
    needsRepainting: ctx.values.needs_repainting,
    stickers,
  });
  return true;
});
