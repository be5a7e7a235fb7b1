import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/**
 * editUserStarSubscription: is_canceled true stops the renewal of a user's Stars subscription at
 * the end of its period; false lets it renew again. The charge id is the subscription's payment.
 */
export const editUserStarSubscription = defineMethod('editUserStarSubscription', async (ctx) => {
  const { params, platform, botId } = ctx;
  const { user_id: userId, telegram_payment_charge_id: chargeId, is_canceled: isCanceled } = ctx.values;
  if (userId <= 0) throw botApiError('USER_ID_INVALID');
  // The runner does not refuse an absent Boolean (it reads as false); this one is required.
  if (!params.has('is_canceled')) throw botApiError('PARAMETER_REQUIRED', { name: 'is_canceled' });
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.payments.subscriptions.edit(bot, userId, chargeId, isCanceled);
  return true;
});
