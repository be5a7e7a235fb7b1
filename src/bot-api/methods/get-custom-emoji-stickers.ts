import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { stringArray } from '../sticker-input.js';
import { MAX_CUSTOM_EMOJI_IDS } from '../../platform/stickers/sticker-rules.js';

/**
 * getCustomEmojiStickers: the stickers of up to 200 custom emoji ids (those of custom_emoji
 * entities), in the order asked; ids that name no custom emoji are left out.
 */
export async function getCustomEmojiStickers(ctx: MethodContext) {
  const ids = stringArray(ctx, 'custom_emoji_ids', 'custom emoji identifiers') as unknown[];
  if (ids.length > MAX_CUSTOM_EMOJI_IDS) throw botApiError('CUSTOM_EMOJI_IDS_TOO_MANY');
  const wanted = ids.map((id) => String(id).trim()).filter((id) => /^\d{1,20}$/.test(id));
  return ctx.platform.stickers.customEmoji(ctx.botId, wanted);
}
