import { describe, expect, it } from 'vitest';
import {
  MAX_SEND_DELAY,
  MIN_SEND_DELAY,
  PAYOUT_DELAY,
  priceProblem,
  publishDate,
  refundsOnDelete,
  sendDateProblem,
} from './suggested-post-rules.js';

const NOW = 1_700_000_000;

describe('suggested post rules', () => {
  it('takes prices in Stars from 5 to 100000 and refuses TON and other currencies', () => {
    expect(priceProblem({ currency: 'XTR', amount: 5 })).toBeUndefined();
    expect(priceProblem({ currency: 'XTR', amount: 100_000 })).toBeUndefined();
    expect(priceProblem({ currency: 'XTR', amount: 4 })).toBe('SUGGESTED_POST_AMOUNT_INVALID');
    expect(priceProblem({ currency: 'XTR', amount: 100_001 })).toBe('SUGGESTED_POST_AMOUNT_INVALID');
    expect(priceProblem({ currency: 'XTR', amount: 5.5 })).toBe('SUGGESTED_POST_AMOUNT_INVALID');
    expect(priceProblem({ currency: 'TON', amount: 10_000_000 })).toBe('SUGGESTED_POST_TON_UNSUPPORTED');
    expect(priceProblem({ currency: 'USD', amount: 10 })).toBe('SUGGESTED_POST_CURRENCY_INVALID');
  });

  it('takes a proposed date 300 s to 31 days ahead, or none', () => {
    expect(sendDateProblem(undefined, NOW)).toBeUndefined();
    expect(sendDateProblem(NOW + MIN_SEND_DELAY, NOW)).toBeUndefined();
    expect(sendDateProblem(NOW + MAX_SEND_DELAY, NOW)).toBeUndefined();
    expect(sendDateProblem(NOW + MIN_SEND_DELAY - 1, NOW)).toBe('SUGGESTED_POST_SEND_DATE_INVALID');
    expect(sendDateProblem(NOW + MAX_SEND_DELAY + 1, NOW)).toBe('SUGGESTED_POST_SEND_DATE_INVALID');
  });

  it("publishes at the approver's date, else the proposed one, else now; never in the past", () => {
    expect(publishDate(undefined, null, NOW)).toEqual({ at: NOW });
    expect(publishDate(undefined, NOW + 600, NOW)).toEqual({ at: NOW + 600 });
    expect(publishDate(undefined, NOW - 600, NOW)).toEqual({ at: NOW });
    expect(publishDate(NOW + 900, null, NOW)).toEqual({ at: NOW + 900 });
    expect(publishDate(NOW - 900, null, NOW)).toEqual({ at: NOW });
    expect(publishDate(NOW + MAX_SEND_DELAY + 1, null, NOW)).toEqual({
      problem: 'send_date is too far in the future',
    });
    expect(publishDate(NOW + 900, NOW + 600, NOW)).toEqual({
      problem: 'send_date was already specified for the suggested post',
    });
  });

  it('refunds a post deleted within a day of its publication only', () => {
    expect(refundsOnDelete(NOW, NOW + PAYOUT_DELAY - 1)).toBe(true);
    expect(refundsOnDelete(NOW, NOW + PAYOUT_DELAY)).toBe(false);
  });
});
