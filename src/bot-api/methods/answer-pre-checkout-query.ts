import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/**
 * answerPreCheckoutQuery: within 10 s of the query (virtual time). ok charges the person (Stars or
 * the test provider) and posts successful_payment; ok false shows error_message to the person.
 */
export const answerPreCheckoutQuery = defineMethod('answerPreCheckoutQuery', async (ctx) => {
  const { platform, botId } = ctx;
  // The reference reads error_message (a required string when ok is false) before it asks about the
  // query, so a missing one is named first (the runner leaves the query id to the handler).
  const { ok, error_message: errorMessage, pre_checkout_query_id: id } = ctx.values;
  if (!ok && errorMessage === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'error_message' });
  if (id === undefined) throw botApiError('QUERY_INVALID');
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.payments.answers.answerPreCheckout(bot, id, ok, errorMessage);
  return true;
});
