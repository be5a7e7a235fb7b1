import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * refundStarPayment: gives the Stars of a payment back to the person (once), with a
 * refunded_payment service message in their chat with the bot.
 */
export async function refundStarPayment({ params, platform, botId }: MethodContext) {
  const userId = params.int('user_id');
  if (userId === undefined || userId <= 0) throw botApiError('USER_ID_INVALID');
  const chargeId = params.string('telegram_payment_charge_id');
  if (chargeId === undefined) throw botApiError('CHARGE_NOT_FOUND');
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.payments.refunds.refund(bot, userId, chargeId);
  return true;
}
