/**
 * Credits as integers (DESIGN: money as integer small units). 1 credit = 1 000 000 units, so a price
 * like 0.01 or 0.0025 is exact and sums never drift; the wire shows credits as a Float.
 */
import { GatewayError } from './gateway-error.js';

export const UNITS_PER_CREDIT = 1_000_000;
/** The reference's published price: 0.01 per delivered code (reference §1.3). */
export const DEFAULT_PRICE_UNITS = 10_000;
/** The most a balance or price may hold: 10^9 credits, far inside Number's exact integers. */
export const MAX_UNITS = 1_000_000_000 * UNITS_PER_CREDIT;

/** Units as the Float the wire shows (10000 -> 0.01; 0 -> 0). */
export function toCredits(units: number): number {
  return units / UNITS_PER_CREDIT;
}

/**
 * Parses an amount of credits given as a decimal string or number ("60", "0.01", 0.6) into units,
 * from its decimal text so that 0.1 + 0.2 style errors cannot creep in. At most 6 decimals; not
 * negative; at most MAX_UNITS.
 */
export function parseCredits(value: unknown, field = 'credits'): number {
  const text = typeof value === 'number' && Number.isFinite(value) ? numberText(value) : value;
  const match = typeof text === 'string' ? /^\s*(\d{1,10})(?:\.(\d{1,6}))?\s*$/.exec(text) : null;
  if (!match) {
    throw new GatewayError(
      'CREDITS_INVALID',
      `${field} must be a non-negative amount with at most 6 decimals`,
    );
  }
  const units = Number(match[1]) * UNITS_PER_CREDIT + Number((match[2] ?? '').padEnd(6, '0'));
  if (units > MAX_UNITS) throw new GatewayError('CREDITS_INVALID', `${field} is too large`);
  return units;
}

/** A number's plain decimal text (no exponent), e.g. 1e-7 -> "0.0000001". */
function numberText(value: number): string {
  const text = String(value);
  return /e/i.test(text) ? value.toFixed(20).replace(/\.?0+$/, '') : text;
}
