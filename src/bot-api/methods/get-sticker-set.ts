import type { MethodContext } from '../method-context.js';
import { requiredString } from '../sticker-input.js';

/** getStickerSet: any set by its name (case-insensitive); STICKERSET_INVALID when there is none. */
export async function getStickerSet(ctx: MethodContext) {
  return ctx.platform.stickers.getSet(ctx.botId, requiredString(ctx, 'name').trim());
}
