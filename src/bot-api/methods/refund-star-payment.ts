import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * refundStarPayment: gives the Stars of a payment back to the person (once), with a
 * refunded_payment service message in their chat with the bot.
 */
export async function refundStarPayment({ params, platform, botId }: MethodContext): Promise<true> {
  const userId = params.int('user_id');
  if (userId === undefined || userId <= 0) throw botApiError('USER_ID_INVALID');
  const chargeId = params.string('telegram_payment_charge_id');
  // The reference reads it as a required string (Client.cpp process_refund_star_payment_query).
  if (chargeId === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'telegram_payment_charge_id' });
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.payments.refunds.refund(bot, userId, chargeId);
  return true;
}
