import { defineMethod } from '../define-method.js';

/** getAvailableGifts: the gift catalogue Parley ships, with the bot's remaining counts (ADR 0050). */
export const getAvailableGifts = defineMethod('getAvailableGifts', async ({ platform, botId }) => {
  return platform.gifts.sales.available(botId);
});
