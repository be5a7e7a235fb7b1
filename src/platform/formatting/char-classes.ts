/**
 * Character classes the reference uses (TDLib tdutils misc.h and unicode.h). ASCII classes compare one
 * UTF-16 code unit, which matches TDLib testing one byte because every non-ASCII byte fails them too.
 *
 * TDLib maps Unicode general categories to a "simple category"; letters here include combining marks
 * (Mn, Mc) so that hashtags and words in scripts that need them are not cut.
 */

/** td::is_space: the C-string terminator counts, so scanning past the end stops. */
export function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\r' || c === '\n' || c === '\0' || c === '\v';
}

export function isDigit(c: string): boolean {
  return c >= '0' && c <= '9' && c.length === 1;
}

export function isAlpha(c: string): boolean {
  return c.length === 1 && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

export function isAlnum(c: string): boolean {
  return isAlpha(c) || isDigit(c);
}

export function isHexDigit(c: string): boolean {
  return isDigit(c) || (c.length === 1 && ((c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F')));
}

const ASCII_UPPER = /[A-Z]/;
const NON_ASCII = /[\u0080-\uffff]/;

/** td::to_lower on a string: ASCII letters only. */
export function asciiLower(text: string): string {
  if (!ASCII_UPPER.test(text)) return text;
  // On pure ASCII, toLowerCase changes A-Z only; elsewhere it would also lower other scripts.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

const LETTER = /^[\p{L}\p{Mn}\p{Mc}]$/u;
const DECIMAL_NUMBER = /^\p{Nd}$/u;
const OTHER_NUMBER = /^[\p{Nl}\p{No}]$/u;
const SEPARATOR = /^\p{Z}$/u;

export function isLetter(code: number): boolean {
  if (code < 0x80) return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
  return LETTER.test(String.fromCodePoint(code));
}

export function isDecimalNumber(code: number): boolean {
  if (code < 0x80) return code >= 0x30 && code <= 0x39;
  return DECIMAL_NUMBER.test(String.fromCodePoint(code));
}

/**
 * \p{Z} (Zs, Zl, Zp), spelled out because the link scans ask it of every non-ASCII character next to a
 * dot; the list has not changed since Unicode 6.3, and a unit test compares it with \p{Z} for every code
 * point. Anything that is not a code point (NaN) goes to the regexp, which throws as it always did.
 */
export function isSeparator(code: number): boolean {
  if (code < 0x80) return code === 0x20;
  if (code < 0x1680) return code === 0xa0;
  if (code < 0x2000) return code === 0x1680;
  if (code <= 0x3000) {
    return (
      code <= 0x200a ||
      code === 0x2028 ||
      code === 0x2029 ||
      code === 0x202f ||
      code === 0x205f ||
      code === 0x3000
    );
  }
  if (code <= 0x10ffff) return false;
  return SEPARATOR.test(String.fromCodePoint(code));
}

/** Letters, digits, other numbers and '_' (TD MessageEntity.cpp is_word_character). */
export function isWordCharacter(code: number): boolean {
  if (code === 0x5f) return true;
  return (
    isLetter(code) || isDecimalNumber(code) || (code >= 0x80 && OTHER_NUMBER.test(String.fromCodePoint(code)))
  );
}

/** [A-Za-z0-9] on one code unit or code point. */
export function isAlphaDigitCode(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** [A-Za-z0-9_] */
export function isAlphaDigitUnderscore(code: number): boolean {
  return isAlphaDigitCode(code) || code === 0x5f;
}

/** [A-Za-z0-9_-] */
export function isAlphaDigitUnderscoreMinus(code: number): boolean {
  return isAlphaDigitUnderscore(code) || code === 0x2d;
}
