import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { shippingOptionsParam } from '../invoice-params.js';

/**
 * answerShippingQuery: the shipping options for the person's address (ok) or why there is none
 * (ok false, error_message, which the person sees). Once per query, while the person waits.
 */
export const answerShippingQuery = defineMethod('answerShippingQuery', async (ctx) => {
  const { params, platform, botId } = ctx;
  // As answerPreCheckoutQuery: a missing error_message (ok false) is named before the query is looked up.
  const { ok, error_message: errorMessage, shipping_query_id: id } = ctx.values;
  if (!ok && errorMessage === undefined) throw botApiError('PARAMETER_REQUIRED', { name: 'error_message' });
  if (id === undefined) throw botApiError('QUERY_INVALID');
  if (ok) {
    const options = shippingOptionsParam(params);
    if (options === undefined || options.length === 0) throw botApiError('SHIPPING_OPTIONS_REQUIRED');
    await platform.payments.answers.answerShipping(botId, id, { ok: true, shipping_options: options });
  } else {
    await platform.payments.answers.answerShipping(botId, id, { ok: false, error_message: errorMessage! });
  }
  return true;
});
