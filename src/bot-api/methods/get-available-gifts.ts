import type { MethodContext } from '../method-context.js';

/** getAvailableGifts: the gift catalogue Parley ships, with the bot's remaining counts (ADR 0050). */
export async function getAvailableGifts({ platform, botId }: MethodContext) {
  return platform.gifts.sales.available(botId);
}
