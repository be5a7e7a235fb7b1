import { botApiError } from '../errors.js';
import { readUserId } from '../chat-params.js';
import { readGiftText } from '../gift-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * giftPremiumSubscription: Telegram Premium for 3, 6 or 12 months, paid with 1000, 1500 or 2500
 * Stars from the bot's balance (a premium_purchase transaction). ADR 0050.
 */
export async function giftPremiumSubscription(ctx: MethodContext): Promise<true> {
  const { params, platform, botId } = ctx;
  const userId = readUserId(ctx);
  const months = params.int('month_count');
  if (months === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'month_count' });
  const stars = params.int('star_count');
  if (stars === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'star_count' });
  const text = readGiftText(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.gifts.sales.giftPremium(bot, userId, months, stars, text);
  return true;
}
