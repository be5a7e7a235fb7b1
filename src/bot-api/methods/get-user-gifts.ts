import { readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';
import { readGiftFilter } from '../gift-params.js';

/** getUserGifts: the gifts a user owns (OwnedGifts; newest first or by price). ADR 0050. */
export const getUserGifts = defineMethod('getUserGifts', async (ctx) => {
  const userId = readUserId(ctx);
  return ctx.platform.gifts.lists.ofUser(ctx.botId, userId, readGiftFilter(ctx));
});
