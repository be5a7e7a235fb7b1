import { readUserId } from '../chat-params.js';
import { readGiftFilter } from '../gift-params.js';
import type { MethodContext } from '../method-context.js';

/** getUserGifts: the gifts a user owns (OwnedGifts; newest first or by price). ADR 0050. */
export async function getUserGifts(ctx: MethodContext) {
  const userId = readUserId(ctx);
  return ctx.platform.gifts.lists.ofUser(ctx.botId, userId, readGiftFilter(ctx));
}
