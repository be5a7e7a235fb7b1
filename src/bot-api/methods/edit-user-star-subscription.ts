import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * editUserStarSubscription: is_canceled true stops the renewal of a user's Stars subscription at
 * the end of its period; false lets it renew again. The charge id is the subscription's payment.
 */
export async function editUserStarSubscription({ params, platform, botId }: MethodContext): Promise<true> {
  const userId = params.int('user_id');
  if (userId === undefined || userId <= 0) throw botApiError('USER_ID_INVALID');
  const chargeId = params.string('telegram_payment_charge_id');
  if (chargeId === undefined) throw botApiError('CHARGE_NOT_FOUND');
  if (!params.has('is_canceled')) throw botApiError('PARAMETER_REQUIRED', { name: 'is_canceled' });
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.payments.subscriptions.edit(bot, userId, chargeId, params.bool('is_canceled'));
  return true;
}
