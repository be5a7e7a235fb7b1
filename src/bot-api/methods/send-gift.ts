import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { readGiftText } from '../gift-params.js';
import { targetChatId } from '../send-options.js';

/**
 * sendGift: a gift of the catalogue to a user (user_id) or a channel (chat_id), paid from the bot's
 * Star balance (BALANCE_TOO_LOW when short); the receiver gets a `gift` service message. Gifts sent
 * by bots cannot be converted to Stars. platform/gifts/gifts.ts; ADR 0050. The runner has refused a
 * call without gift_id (ADR 0084).
 */
export const sendGift = defineMethod('sendGift', async (ctx) => {
  const { params, platform, botId } = ctx;
  const { gift_id: giftId, user_id: userId, pay_for_upgrade: payForUpgrade } = ctx.values;
  const target =
    userId !== undefined && userId !== 0
      ? { userId }
      : // A chat_id given empty is still a chat_id (targetChatId refuses it): `has`, not the value.
        params.has('chat_id')
        ? { chatId: await targetChatId(ctx) }
        : undefined;
  if (target === undefined) throw botApiError('USER_ID_INVALID');
  const text = readGiftText(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.gifts.sales.sendFromBot(bot, target, giftId, { ...text, payForUpgrade });
  return true;
});
