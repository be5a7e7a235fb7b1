import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import {
  botAndOwner,
  readInputSticker,
  readStickerType,
  readTitle,
  requiredString,
  storeInputSticker,
} from '../sticker-input.js';
import { MAX_INITIAL_STICKERS } from '../../platform/stickers/sticker-rules.js';

/**
 * createNewStickerSet: a set owned by user_id that this bot may edit: name `..._by_<bot username>`,
 * title 1-64, 1-50 InputStickers checked for the set's type (regular, mask or custom_emoji),
 * needs_repainting for custom emoji sets. The owner and name are checked before files are stored.
 */
export async function createNewStickerSet(ctx: MethodContext) {
  const { bot, ownerId } = await botAndOwner(ctx);
  const name = requiredString(ctx, 'name').trim();
  const title = readTitle(ctx);
  const type = readStickerType(ctx);
  if (ctx.params.string('stickers') === undefined)
    throw botApiError('PARAMETER_REQUIRED', { name: 'stickers' });
  const list = ctx.params.parsedJson('stickers', 'InputSticker');
  if (!Array.isArray(list)) throw botApiError('ARRAY_EXPECTED', { of: 'InputSticker' });
  if (list.length === 0) throw botApiError('STICKERS_EMPTY');
  if (list.length > MAX_INITIAL_STICKERS) throw botApiError('STICKERS_TOO_MUCH');
  const specs = list.map((item) => readInputSticker(ctx, item));
  const sets = ctx.platform.stickers.sets;
  await sets.checkNewSet(bot, ownerId, name);
  const stickers = [];
  for (const spec of specs) stickers.push(await storeInputSticker(ctx, spec, type));
  await sets.create(bot, {
    ownerId,
    name,
    title,
    type,
    needsRepainting: ctx.params.bool('needs_repainting'),
    stickers,
  });
  return true;
}
