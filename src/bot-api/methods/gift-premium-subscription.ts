import { readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';
import { readGiftText } from '../gift-params.js';

/**
 * giftPremiumSubscription: Telegram Premium for 3, 6 or 12 months, paid with 1000, 1500 or 2500
 * Stars from the bot's balance (a premium_purchase transaction). ADR 0050.
 */
export const giftPremiumSubscription = defineMethod('giftPremiumSubscription', async (ctx) => {
  const { platform, botId } = ctx;
  // The runner has refused an absent month_count or star_count, and a month_count not 3, 6 or 12.
  const { month_count: months, star_count: stars } = ctx.values;
  const userId = readUserId(ctx);
  const text = readGiftText(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.gifts.sales.giftPremium(bot, userId, months, stars, text);
  return true;
});
