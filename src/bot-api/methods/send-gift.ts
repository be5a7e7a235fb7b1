import { botApiError } from '../errors.js';
import { readGiftText } from '../gift-params.js';
import type { MethodContext } from '../method-context.js';
import { targetChatId } from '../send-options.js';

/**
 * sendGift: a gift of the catalogue to a user (user_id) or a channel (chat_id), paid from the bot's
 * Star balance (BALANCE_TOO_LOW when short); the receiver gets a `gift` service message. Gifts sent
 * by bots cannot be converted to Stars. platform/gifts/gifts.ts; ADR 0050.
 */
export async function sendGift(ctx: MethodContext): Promise<true> {
  const { params, platform, botId } = ctx;
  const giftId = params.string('gift_id');
  if (giftId === undefined || giftId === '') throw botApiError('PARAMETER_REQUIRED', { name: 'gift_id' });
  const userId = params.int('user_id');
  const target =
    userId !== undefined && userId !== 0
      ? { userId }
      : params.has('chat_id')
        ? { chatId: await targetChatId(ctx) }
        : undefined;
  if (target === undefined) throw botApiError('USER_ID_INVALID');
  const text = readGiftText(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.gifts.sales.sendFromBot(bot, target, giftId, {
    ...text,
    payForUpgrade: params.bool('pay_for_upgrade'),
  });
  return true;
}
