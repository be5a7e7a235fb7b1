import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/**
 * refundStarPayment: gives the Stars of a payment back to the person (once), with a
 * refunded_payment service message in their chat with the bot.
 */
export const refundStarPayment = defineMethod('refundStarPayment', async ({ values, platform, botId }) => {
  // The runner has refused an absent user_id or telegram_payment_charge_id (the reference reads the
  // charge id as a required string: Client.cpp process_refund_star_payment_query).
  const { user_id: userId, telegram_payment_charge_id: chargeId } = values;
  if (userId <= 0) throw botApiError('USER_ID_INVALID');
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.payments.refunds.refund(bot, userId, chargeId);
  return true;
});
