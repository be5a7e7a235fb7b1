import { defineMethod } from '../define-method.js';

/**
 * getStickerSet: any set by its name (case-insensitive); STICKERSET_INVALID when there is none. Each
 * sticker shows the thumbnail Parley made from its file (ADR 0097), as a sent sticker does.
 */
export const getStickerSet = defineMethod('getStickerSet', async (ctx) =>
  ctx.platform.stickers.getSet(ctx.botId, ctx.values.name.trim()),
);
