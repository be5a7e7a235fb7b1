import { defineMethod } from '../define-method.js';
import { stringArray } from '../sticker-input.js';

/**
 * getCustomEmojiStickers: the stickers of up to 200 custom emoji ids (those of custom_emoji
 * entities), in the order asked; ids that name no custom emoji are left out. The runner has refused
 * more than 200 (CUSTOM_EMOJI_IDS_TOO_MANY, ADR 0084).
 */
export const getCustomEmojiStickers = defineMethod('getCustomEmojiStickers', async (ctx) => {
  // A JSON array: its own reader, with its "can't parse" texts.
  const ids = stringArray(ctx, 'custom_emoji_ids', 'custom emoji identifiers') as unknown[];
  const wanted = ids.map((id) => String(id).trim()).filter((id) => /^\d{1,20}$/.test(id));
  return ctx.platform.stickers.customEmoji(ctx.botId, wanted);
});
