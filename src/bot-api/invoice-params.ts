/**
 * The parameters of sendInvoice and createInvoiceLink read into the platform's InvoiceSpec, and
 * the JSON arrays of payments (prices, suggested tips, shipping options) as the reference's
 * argument readers refuse them: "can't parse prices JSON object", "expected an Array of ...",
 * "can't parse labeled price: <detail>". The invoice's rules are the platform's (invoice-rules.ts).
 */
import { botApiError } from './errors.js';
import type { Params } from './params.js';
import type { InvoiceSpec, LabeledPrice } from '../platform/payments/invoice-rules.js';
import type { ShippingOption } from '../platform/payments/payment-queries.js';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(object: Record<string, unknown>, name: string, what: string): string {
  const value = object[name];
  if (value === undefined)
    throw botApiError('UNPARSABLE', { object: what, detail: `Can't find field "${name}"` });
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw botApiError('UNPARSABLE', { object: what, detail: `Field "${name}" must be of type String` });
  }
  return String(value);
}

function integerValue(value: unknown, what: string, name?: string): number {
  const number = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    const detail = name ? `Field "${name}" must be a valid Number` : 'Number expected';
    throw botApiError('UNPARSABLE', { object: what, detail });
  }
  return number;
}

/** An array of LabeledPrice given as parsed JSON (`what` names the array in the texts). */
export function labeledPrices(value: unknown, arrayName: string): LabeledPrice[] {
  if (!Array.isArray(value)) throw botApiError('ARRAY_EXPECTED', { of: arrayName });
  return value.map((item) => {
    if (!isObject(item))
      throw botApiError('UNPARSABLE', { object: 'labeled price', detail: 'Object expected' });
    const label = stringField(item, 'label', 'labeled price');
    if (item.amount === undefined) {
      throw botApiError('UNPARSABLE', { object: 'labeled price', detail: 'Can\'t find field "amount"' });
    }
    return { label, amount: integerValue(item.amount, 'labeled price', 'amount') };
  });
}

function pricesParam(params: Params): LabeledPrice[] {
  const parsed = params.parsedJson('prices', 'prices');
  if (parsed === undefined) throw botApiError('JSON_UNPARSABLE', { object: 'prices' });
  return labeledPrices(parsed, 'labeled prices');
}

function tipsParam(params: Params): number[] {
  const parsed = params.parsedJson('suggested_tip_amounts', 'suggested tip amounts');
  if (parsed === undefined) return [];
  if (!Array.isArray(parsed)) throw botApiError('ARRAY_EXPECTED', { of: 'suggested tip amounts' });
  return parsed.map((tip) => integerValue(tip, 'suggested tip amount'));
}

/** shipping_options of answerShippingQuery. */
export function shippingOptionsParam(params: Params): ShippingOption[] | undefined {
  const parsed = params.parsedJson('shipping_options', 'shipping options');
  if (parsed === undefined) return undefined;
  if (!Array.isArray(parsed)) throw botApiError('ARRAY_EXPECTED', { of: 'shipping options' });
  return parsed.map((item) => {
    if (!isObject(item))
      throw botApiError('UNPARSABLE', { object: 'shipping option', detail: 'Object expected' });
    const id = stringField(item, 'id', 'shipping option');
    const title = stringField(item, 'title', 'shipping option');
    if (item.prices === undefined) {
      throw botApiError('UNPARSABLE', { object: 'shipping option', detail: 'Can\'t find field "prices"' });
    }
    return { id, title, prices: labeledPrices(item.prices, 'labeled prices') };
  });
}

/** The invoice parameters shared by sendInvoice and createInvoiceLink. */
export function invoiceSpec(params: Params, withSubscription: boolean): InvoiceSpec {
  // The reference's get_input_message_invoice reads these in this order, each with the generic
  // text, before it parses prices (Client.cpp get_required_string_arg).
  for (const name of ['title', 'description', 'payload', 'currency', 'prices']) {
    if (params.string(name) === undefined) throw botApiError('PARAMETER_REQUIRED', { name });
  }
  const optionalInt = (name: string) => params.int(name);
  const spec: InvoiceSpec = {
    title: params.string('title') ?? '',
    description: params.string('description') ?? '',
    payload: params.string('payload') ?? '',
    provider_token: params.string('provider_token') ?? '',
    currency: (params.string('currency') ?? '').toUpperCase(),
    prices: pricesParam(params),
    max_tip_amount: optionalInt('max_tip_amount') ?? 0,
    suggested_tip_amounts: tipsParam(params),
    start_parameter: params.string('start_parameter') ?? '',
    need_name: params.bool('need_name'),
    need_phone_number: params.bool('need_phone_number'),
    need_email: params.bool('need_email'),
    need_shipping_address: params.bool('need_shipping_address'),
    send_phone_number_to_provider: params.bool('send_phone_number_to_provider'),
    send_email_to_provider: params.bool('send_email_to_provider'),
    is_flexible: params.bool('is_flexible'),
  };
  const providerData = params.string('provider_data');
  if (providerData !== undefined) spec.provider_data = providerData;
  const photoUrl = params.string('photo_url');
  if (photoUrl !== undefined) {
    spec.photo_url = photoUrl;
    for (const name of ['photo_size', 'photo_width', 'photo_height'] as const) {
      const value = optionalInt(name);
      if (value !== undefined) spec[name] = value;
    }
  }
  if (withSubscription) {
    const period = optionalInt('subscription_period');
    if (period !== undefined) spec.subscription_period = period;
  }
  return spec;
}
