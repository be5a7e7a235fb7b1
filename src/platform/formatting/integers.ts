/** Integer parsing with the reference's exact acceptance rules (td::to_integer_safe / td::to_integer). */

const BOUNDS = {
  32: { min: -(2n ** 31n), max: 2n ** 31n - 1n },
  64: { min: -(2n ** 63n), max: 2n ** 63n - 1n },
} as const;

/**
 * td::to_integer_safe: only the number's own canonical decimal form is accepted, so "007", "+1", "-0",
 * "1.0" and out-of-range values are all rejected.
 */
export function toIntegerSafe(text: string, bits: 32 | 64): bigint | undefined {
  if (!/^-?\d+$/.test(text)) return undefined;
  const value = BigInt(text);
  if (value.toString() !== text) return undefined;
  const { min, max } = BOUNDS[bits];
  return value < min || value > max ? undefined : value;
}

/**
 * td::to_integer<int32>: reads an optional '-' and the leading digits, ignores the rest and wraps around
 * on overflow. The HTML <tg-time unix> attribute is read this way.
 */
export function toInt32Lenient(text: string): number {
  let i = 0;
  let negative = false;
  if (text[0] === '-') {
    negative = true;
    i = 1;
  }
  const modulus = 2n ** 32n;
  let value = 0n;
  for (; i < text.length && text[i]! >= '0' && text[i]! <= '9'; i++) {
    value = (value * 10n + BigInt(text.charCodeAt(i) - 48)) % modulus;
  }
  if (value > BOUNDS[32].max) {
    value = (modulus - value) % modulus;
    negative = !negative;
    if (value > BOUNDS[32].max + 1n) return Number(BOUNDS[32].min);
  }
  return Number(BigInt.asIntN(32, negative ? -value : value));
}
