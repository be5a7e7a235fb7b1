/**
 * Phone numbers as the gateway reads them (reference §4.1): E.164 with or without the "+", spaces
 * ignored; shown with the "+" (the spec says E.164; ADR 0014).
 */
const E164_DIGITS = /^[1-9]\d{6,14}$/;

/** The number in the platform's form (`+15550001234`), or undefined when it is not E.164. */
export function normalizePhone(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) value = String(value);
  if (typeof value !== 'string') return undefined;
  const digits = value.replace(/[\s]/g, '').replace(/^\+/, '');
  return E164_DIGITS.test(digits) ? `+${digits}` : undefined;
}

/** The price override whose prefix is the longest one the number starts with. */
export function matchPrefix<T extends { prefix: string }>(
  phone: string,
  overrides: readonly T[],
): T | undefined {
  const digits = phone.replace(/^\+/, '');
  let best: T | undefined;
  for (const override of overrides) {
    if (digits.startsWith(override.prefix) && override.prefix.length > (best?.prefix.length ?? 0)) {
      best = override;
    }
  }
  return best;
}

/** A country calling code or longer prefix: 1-6 digits, not starting with 0. */
export function isPrefix(text: string): boolean {
  return /^[1-9]\d{0,5}$/.test(text);
}
