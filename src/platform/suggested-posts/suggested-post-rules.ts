/**
 * The pure rules of suggested posts (spec SuggestedPostPrice, SuggestedPostParameters,
 * approveSuggestedPost; ADR 0053): which prices and dates a suggestion may carry, the date an
 * approval publishes at, and the window in which deleting a published post refunds it.
 */

/** Stars a suggested post may cost (spec SuggestedPostPrice). */
export const MIN_POST_STARS = 5;
export const MAX_POST_STARS = 100_000;
/** A proposed send date is 300 s to 30 days (+1 day) ahead (spec SuggestedPostParameters). */
export const MIN_SEND_DELAY = 300;
export const MAX_SEND_DELAY = 2_678_400;
/** A paid post stays up this long before the channel is paid; deleted sooner, it is refunded. */
export const PAYOUT_DELAY = 86_400;
/** A comment of declineSuggestedPost: 0-128 characters. */
export const MAX_DECLINE_COMMENT = 128;

export interface SuggestedPostPrice {
  currency: string;
  amount: number;
}

/** Why a price is refused (the platform's token), or undefined for a good one. */
export function priceProblem(price: SuggestedPostPrice): string | undefined {
  if (price.currency === 'TON') return 'SUGGESTED_POST_TON_UNSUPPORTED';
  if (price.currency !== 'XTR') return 'SUGGESTED_POST_CURRENCY_INVALID';
  if (!Number.isInteger(price.amount) || price.amount < MIN_POST_STARS || price.amount > MAX_POST_STARS) {
    return 'SUGGESTED_POST_AMOUNT_INVALID';
  }
  return undefined;
}

/** Why a proposed send date is refused at `now`, or undefined (an omitted date is any time). */
export function sendDateProblem(sendDate: number | undefined, now: number): string | undefined {
  if (sendDate === undefined) return undefined;
  if (!Number.isInteger(sendDate) || sendDate < now + MIN_SEND_DELAY || sendDate > now + MAX_SEND_DELAY) {
    return 'SUGGESTED_POST_SEND_DATE_INVALID';
  }
  return undefined;
}

/**
 * The date an approval publishes at: the approver's `send_date`, else the one the person proposed,
 * else now. A date in the past (or now) publishes at once. Undefined: the approver's date is more
 * than 30 days away (spec approveSuggestedPost), or it overrides a date the person fixed.
 */
export function publishDate(
  approverDate: number | undefined,
  proposed: number | null,
  now: number,
): { at: number } | { problem: string } {
  if (approverDate !== undefined) {
    if (proposed !== null) return { problem: 'send_date was already specified for the suggested post' };
    if (approverDate > now + MAX_SEND_DELAY) return { problem: 'send_date is too far in the future' };
    return { at: Math.max(approverDate, now) };
  }
  return { at: proposed === null ? now : Math.max(proposed, now) };
}

/** Whether deleting a post published at `publishedAt` refunds its price (within the payout delay). */
export function refundsOnDelete(publishedAt: number, now: number): boolean {
  return now < publishedAt + PAYOUT_DELAY;
}
