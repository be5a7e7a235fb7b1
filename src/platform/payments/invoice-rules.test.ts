import { describe, expect, it } from 'vitest';
import type { PlatformError } from '../core/errors.js';
import {
  checkInvoice,
  providerOf,
  renderInvoice,
  TEST_PROVIDERS,
  type InvoiceSpec,
} from './invoice-rules.js';
import { starAmount, starsToNanos } from './stars-ledger.js';

const fiat: InvoiceSpec = {
  title: 'Tea',
  description: 'Green tea',
  payload: 'p',
  provider_token: TEST_PROVIDERS[0]!.token,
  currency: 'USD',
  prices: [
    { label: 'Tea', amount: 1000 },
    { label: 'Tax', amount: 100 },
  ],
  max_tip_amount: 300,
  suggested_tip_amounts: [100, 200],
  start_parameter: '',
  need_name: true,
  need_phone_number: false,
  need_email: false,
  need_shipping_address: true,
  send_phone_number_to_provider: false,
  send_email_to_provider: false,
  is_flexible: true,
};

function reason(spec: InvoiceSpec): string | undefined {
  try {
    checkInvoice(spec);
    return undefined;
  } catch (error) {
    return (error as PlatformError<'INVOICE_INVALID'>).data.reason;
  }
}

describe('invoice rules', () => {
  it('accepts a fiat invoice of a test provider and renders its Invoice', () => {
    expect(checkInvoice(fiat)).toEqual(fiat);
    expect(renderInvoice(fiat)).toEqual({
      title: 'Tea',
      description: 'Green tea',
      start_parameter: '',
      currency: 'USD',
      total_amount: 1100,
    });
    expect(providerOf(TEST_PROVIDERS[1]!.token)?.outcome).toBe('decline');
  });

  it('clears what Stars invoices ignore, and refuses what they do not allow', () => {
    const stars = { ...fiat, currency: 'XTR', provider_token: '', prices: [{ label: 'Gem', amount: 5 }] };
    expect(reason(stars)).toBe('STARS_INVOICE_INVALID'); // tips
    const plain = { ...stars, max_tip_amount: 0, suggested_tip_amounts: [] };
    expect(checkInvoice(plain)).toMatchObject({
      need_name: false,
      need_shipping_address: false,
      is_flexible: false,
    });
    expect(reason({ ...plain, provider_token: 'x' })).toBe('PAYMENT_PROVIDER_INVALID');
    expect(reason({ ...plain, prices: [...plain.prices, { label: 'B', amount: 1 }] })).toBe(
      'STARS_INVOICE_INVALID',
    );
    expect(reason({ ...plain, prices: [{ label: 'Gem', amount: 0 }] })).toBe('CURRENCY_TOTAL_AMOUNT_INVALID');
    expect(reason({ ...plain, subscription_period: 2_592_000 })).toBeUndefined();
    expect(reason({ ...plain, subscription_period: 86_400 })).toBe('SUBSCRIPTION_PERIOD_INVALID');
    expect(
      reason({ ...plain, subscription_period: 2_592_000, prices: [{ label: 'G', amount: 10_001 }] }),
    ).toBe('STARS_INVOICE_INVALID');
  });

  it('checks lengths, currencies, totals and tips as the platform does', () => {
    expect(reason({ ...fiat, title: 'x'.repeat(33) })).toBe('INVOICE_TITLE_INVALID');
    expect(reason({ ...fiat, description: '' })).toBe('INVOICE_DESCRIPTION_INVALID');
    expect(reason({ ...fiat, payload: 'é'.repeat(65) })).toBe('INVOICE_PAYLOAD_INVALID');
    expect(reason({ ...fiat, provider_token: 'nope' })).toBe('PAYMENT_PROVIDER_INVALID');
    expect(reason({ ...fiat, currency: 'ABC' })).toBe('CURRENCY_TOTAL_AMOUNT_INVALID');
    expect(reason({ ...fiat, prices: [{ label: 'A', amount: -5 }] })).toBe('Total price must be positive');
    expect(reason({ ...fiat, prices: [{ label: 'A', amount: 1_000_001 }] })).toBe(
      'CURRENCY_TOTAL_AMOUNT_INVALID',
    );
    expect(reason({ ...fiat, suggested_tip_amounts: [200, 100] })).toBe(
      'Suggested tip amounts must be sorted in increasing order',
    );
    expect(reason({ ...fiat, suggested_tip_amounts: [400] })).toBe(
      "Suggested tip amount can't be bigger than max_tip_amount",
    );
    expect(reason({ ...fiat, suggested_tip_amounts: [1, 2, 3, 4, 5] })).toBe(
      'There can be at most 4 suggested tip amounts',
    );
  });

  it('shows amounts of nanostars as StarAmount', () => {
    expect(starAmount(starsToNanos(25))).toEqual({ amount: 25 });
    expect(starAmount(starsToNanos(2) + 500)).toEqual({ amount: 2, nanostar_amount: 500 });
    expect(starAmount(-1_500_000_000)).toEqual({ amount: -1, nanostar_amount: -500_000_000 });
    expect(starAmount(0)).toEqual({ amount: 0 });
  });
});
