/**
 * What makes an invoice valid (sendInvoice, createInvoiceLink; spec Invoice, LabeledPrice), the
 * currencies Parley accepts and the test payment providers it issues (ADR 0043).
 *
 * Refusals are INVOICE_INVALID with the platform's token or TDLib's text as `reason` (the Bot API
 * shows "Bad Request: <reason>"). Texts unverified against the reference server, except where it
 * is said.
 */
import { PlatformError } from '../core/errors.js';

/** The Stars currency: no provider token, one price, no tips, no shipping (spec sendInvoice). */
export const STARS_CURRENCY = 'XTR';
/** The one subscription period the spec allows (30 days). */
export const SUBSCRIPTION_PERIOD = 2_592_000;
/** A subscription's price at most, in Stars (spec createInvoiceLink). */
export const MAX_SUBSCRIPTION_STARS = 10_000;
/** A Stars invoice's price in Stars (the platform's range). */
export const MIN_STARS_PRICE = 1;
export const MAX_STARS_PRICE = 100_000;
export const MAX_SUGGESTED_TIPS = 4;

/**
 * Currencies and the digits past the decimal point of each (the `exp` of the platform's
 * currencies.json). An invoice's total must be between 1 and 10 000 major units of its currency
 * (the minor-unit bounds below) as the platform's are about US$1 to US$10 000.
 */
export const CURRENCY_EXP: Readonly<Record<string, number>> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  CHF: 2,
  CAD: 2,
  AUD: 2,
  NZD: 2,
  SEK: 2,
  NOK: 2,
  DKK: 2,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  RON: 2,
  TRY: 2,
  UAH: 2,
  RUB: 2,
  INR: 2,
  BRL: 2,
  MXN: 2,
  CNY: 2,
  HKD: 2,
  SGD: 2,
  ILS: 2,
  AED: 2,
  ZAR: 2,
  JPY: 0,
  KRW: 0,
  IDR: 2,
};

export interface TestProvider {
  name: string;
  /** What a bot passes as provider_token. */
  token: string;
  /** What the provider does with a charge the bot confirmed in answerPreCheckoutQuery. */
  outcome: 'accept' | 'decline';
}

/** The test payment providers Parley issues; their tokens are fixed and documented (docs/payments.md). */
export const TEST_PROVIDERS: readonly TestProvider[] = [
  { name: 'Parley Test Payments (accepts)', token: '284685063:TEST:parley-accept', outcome: 'accept' },
  { name: 'Parley Test Payments (declines)', token: '284685063:TEST:parley-decline', outcome: 'decline' },
];

/** What the declining provider tells the person. */
export const DECLINED_BY_PROVIDER = 'Your card was declined (Parley test provider).';

export function providerOf(token: string): TestProvider | undefined {
  return TEST_PROVIDERS.find((provider) => provider.token === token);
}

export interface LabeledPrice {
  label: string;
  amount: number;
}

export interface ShippingAddress {
  country_code: string;
  state: string;
  city: string;
  street_line1: string;
  street_line2: string;
  post_code: string;
}

/** An invoice as a bot makes it (the parameters of sendInvoice / createInvoiceLink). */
export interface InvoiceSpec {
  title: string;
  description: string;
  payload: string;
  provider_token: string;
  currency: string;
  prices: LabeledPrice[];
  max_tip_amount: number;
  suggested_tip_amounts: number[];
  start_parameter: string;
  provider_data?: string;
  photo_url?: string;
  photo_size?: number;
  photo_width?: number;
  photo_height?: number;
  need_name: boolean;
  need_phone_number: boolean;
  need_email: boolean;
  need_shipping_address: boolean;
  send_phone_number_to_provider: boolean;
  send_email_to_provider: boolean;
  is_flexible: boolean;
  /** createInvoiceLink only: a subscription (Stars). */
  subscription_period?: number;
}

const invalid = (reason: string) => new PlatformError('INVOICE_INVALID', reason, { reason });

export function isStars(spec: Pick<InvoiceSpec, 'currency'>): boolean {
  return spec.currency === STARS_CURRENCY;
}

/** The sum of the prices (minor units). */
export function pricesTotal(prices: readonly LabeledPrice[]): number {
  return prices.reduce((sum, price) => sum + price.amount, 0);
}

/** Upper bound of a fiat amount (10 000 major units) in minor units. */
function maxMinor(currency: string): number {
  return 10_000 * 10 ** (CURRENCY_EXP[currency] ?? 2);
}

/**
 * Checks an invoice; answers it with the fields Stars ignore cleared (need_*, send_*_to_provider,
 * is_flexible: "Ignored for payments in Telegram Stars").
 */
export function checkInvoice(spec: InvoiceSpec): InvoiceSpec {
  const length = (text: string) => [...text].length;
  if (length(spec.title) < 1 || length(spec.title) > 32) throw invalid('INVOICE_TITLE_INVALID');
  if (length(spec.description) < 1 || length(spec.description) > 255) {
    throw invalid('INVOICE_DESCRIPTION_INVALID');
  }
  const payloadBytes = Buffer.byteLength(spec.payload);
  if (payloadBytes < 1 || payloadBytes > 128) throw invalid('INVOICE_PAYLOAD_INVALID');
  if (spec.prices.length === 0) throw invalid('Invoice must contain at least one price');
  for (const price of spec.prices) {
    if ([...price.label].length === 0) throw invalid('Invoice price label must be non-empty');
  }
  const total = pricesTotal(spec.prices);
  if (spec.photo_url !== undefined && !/^https?:\/\/\S+$/i.test(spec.photo_url)) {
    throw invalid('PHOTO_URL_INVALID');
  }
  if (isStars(spec)) {
    if (spec.provider_token !== '') throw invalid('PAYMENT_PROVIDER_INVALID');
    if (spec.prices.length !== 1) throw invalid('STARS_INVOICE_INVALID');
    if (spec.max_tip_amount !== 0 || spec.suggested_tip_amounts.length > 0)
      throw invalid('STARS_INVOICE_INVALID');
    if (!Number.isSafeInteger(total) || total < MIN_STARS_PRICE || total > MAX_STARS_PRICE) {
      throw invalid('CURRENCY_TOTAL_AMOUNT_INVALID');
    }
    if (spec.subscription_period !== undefined) {
      if (spec.subscription_period !== SUBSCRIPTION_PERIOD) throw invalid('SUBSCRIPTION_PERIOD_INVALID');
      if (total > MAX_SUBSCRIPTION_STARS) throw invalid('STARS_INVOICE_INVALID');
    }
    return {
      ...spec,
      need_name: false,
      need_phone_number: false,
      need_email: false,
      need_shipping_address: false,
      send_phone_number_to_provider: false,
      send_email_to_provider: false,
      is_flexible: false,
    };
  }
  if (spec.subscription_period !== undefined) throw invalid('SUBSCRIPTION_PERIOD_INVALID');
  if (!providerOf(spec.provider_token)) throw invalid('PAYMENT_PROVIDER_INVALID');
  if (!(spec.currency in CURRENCY_EXP)) throw invalid('CURRENCY_TOTAL_AMOUNT_INVALID');
  if (total <= 0) throw invalid('Total price must be positive');
  if (total > maxMinor(spec.currency)) throw invalid('CURRENCY_TOTAL_AMOUNT_INVALID');
  checkTips(spec);
  return spec;
}

/** TDLib's checks of tips (InputInvoice). */
function checkTips(spec: InvoiceSpec): void {
  if (spec.max_tip_amount < 0 || spec.max_tip_amount > maxMinor(spec.currency)) {
    throw invalid('Invalid max_tip_amount of the currency specified');
  }
  if (spec.suggested_tip_amounts.length > MAX_SUGGESTED_TIPS) {
    throw invalid('There can be at most 4 suggested tip amounts');
  }
  let previous = 0;
  for (const tip of spec.suggested_tip_amounts) {
    if (tip <= 0) throw invalid('Suggested tip amount must be positive');
    if (tip > spec.max_tip_amount) throw invalid("Suggested tip amount can't be bigger than max_tip_amount");
    if (tip <= previous) throw invalid('Suggested tip amounts must be sorted in increasing order');
    previous = tip;
  }
}

/** The Invoice object of an invoice message (spec Invoice). */
export function renderInvoice(spec: InvoiceSpec): Record<string, unknown> {
  return {
    title: spec.title,
    description: spec.description,
    start_parameter: spec.start_parameter,
    currency: spec.currency,
    total_amount: pricesTotal(spec.prices),
  };
}
