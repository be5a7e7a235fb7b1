import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * answerPreCheckoutQuery: within 10 s of the query (virtual time). ok charges the person (Stars or
 * the test provider) and posts successful_payment; ok false shows error_message to the person.
 */
export async function answerPreCheckoutQuery({ params, platform, botId }: MethodContext): Promise<true> {
  // The reference reads error_message (a required string when ok is false) before it asks about the
  // query, so a missing one is named first.
  const ok = params.bool('ok');
  const errorMessage = params.string('error_message');
  if (!ok && errorMessage === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'error_message' });
  const id = params.string('pre_checkout_query_id');
  if (id === undefined) throw botApiError('QUERY_INVALID');
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.payments.answers.answerPreCheckout(bot, id, ok, errorMessage);
  return true;
}
