/**
 * Whether a candidate link is a link, and how much of it (TDLib's fix_url and is_common_tld, TD
 * MessageEntity.cpp). Every '.' of a text yields a candidate, and most of them ("end.Next") are no link,
 * so the checks that reject those come first and nothing is allocated before them but the domain.
 */
import { asciiLower } from './char-classes.js';
import { COMMON_TLDS } from './common-tlds.js';
import { codePointLength, utf8Length } from './utf16.js';

/** Characters a link path may not end with. */
export const BAD_PATH_END = ".:;,('?!`";

/** Whether the text is a common TLD; a TLD capitalised like a word ("Com") is ordinary text. */
export function isCommonTld(tld: string): boolean {
  let lowerLetters = true;
  let ascii = true;
  for (let i = 0; i < tld.length; i++) {
    const code = tld.charCodeAt(i);
    if (code < 0x61 || code > 0x7a) {
      lowerLetters = false;
      if (code >= 0x80) ascii = false;
    }
  }
  if (lowerLetters) return COMMON_TLDS.has(tld);
  const lower = tld.toLowerCase();
  if (ascii) {
    // in ASCII a code point is a code unit and toLowerCase keeps the length
    if (lower !== tld && lower.slice(1) === tld.slice(1)) return false;
  } else if (lower !== tld && [...lower].slice(1).join('') === [...tld].slice(1).join('')) {
    return false;
  }
  return COMMON_TLDS.has(lower);
}

/** Whether url starts with http://, https://, ftp:// or tonsite://, in any case. */
function hasUrlProtocol(url: string): boolean {
  // each protocol's name is followed by the first ':' of the url, at one of these positions
  const colon = url.indexOf(':');
  if (colon !== 3 && colon !== 4 && colon !== 5 && colon !== 7) return false;
  if (!url.startsWith('//', colon + 1)) return false;
  const name = asciiLower(url.slice(0, colon));
  return name === 'http' || name === 'https' || name === 'ftp' || name === 'tonsite';
}

/** /^\d*$/ on text[start, ...) */
function isAsciiDigits(text: string, start: number): boolean {
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return false;
  }
  return true;
}

function indexOrEnd(text: string, search: string, from: number): number {
  const index = text.indexOf(search, from);
  return index < 0 ? text.length : index;
}

/** How much of url[pathStart, ...) is path: up to the first unbalanced closing bracket, without trailing punctuation. */
function balancedPathEnd(url: string, pathStart: number): number {
  let round = 0;
  let square = 0;
  let curly = 0;
  let end = pathStart;
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end);
    if (code === 0x28) round++;
    else if (code === 0x5b) square++;
    else if (code === 0x7b) curly++;
    else if (code === 0x29) round--;
    else if (code === 0x5d) square--;
    else if (code === 0x7d) curly--;
    if (round < 0 || square < 0 || curly < 0) break;
  }
  while (end > pathStart && BAD_PATH_END.includes(url[end - 1]!)) end--;
  return end;
}

/**
 * Whether a label of a dotted-decimal address can still be a byte: at most three digits, at most 255, no
 * leading zero. Called only on labels of digits, with their UTF-8 size.
 */
function isIpv4Label(domain: string, start: number, size: number): boolean {
  if (size > 3) return false;
  const first = domain.charCodeAt(start);
  if (size === 3) {
    if (first >= 0x33) return false;
    if (first === 0x32) {
      const second = domain.charCodeAt(start + 1);
      if (second >= 0x36 || (second === 0x35 && domain.charCodeAt(start + 2) >= 0x36)) return false;
    }
  }
  return !(first === 0x30 && size >= 2);
}

/** The accepted prefix of a candidate link, or '' when it is not a link (fix_url). */
export function fixUrl(url: string): string {
  const hasProtocol = hasUrlProtocol(url);
  const restStart = hasProtocol ? url.indexOf(':') + 3 : 0;
  const pathStart = Math.min(
    indexOrEnd(url, '/', restStart),
    indexOrEnd(url, '?', restStart),
    indexOrEnd(url, '#', restStart),
  );
  let domain = url.slice(restStart, pathStart);
  const at = domain.indexOf('@');
  if (at >= 0) domain = domain.slice(at + 1);
  const colon = domain.lastIndexOf(':');
  if (colon >= 0) domain = domain.slice(0, colon);
  if (domain.length === 12 && asciiLower(domain) === 'teiegram.org') return '';

  // Most candidates in ordinary text ("end.Next") fail on their last label: without a protocol it
  // must be a common TLD (or digits, for an IPv4 address). Checked first, as it is cheap.
  const tldStart = domain.lastIndexOf('.') + 1;
  let tldIsCommon: boolean | undefined;
  if (!hasProtocol && !isAsciiDigits(domain, tldStart) && !domain.startsWith('xn--', tldStart)) {
    tldIsCommon = isCommonTld(domain.slice(tldStart));
    if (!tldIsCommon) return '';
  }

  const result = url.slice(0, balancedPathEnd(url, pathStart));

  let previous = 0;
  let partCount = 0;
  let hasNonDigit = false;
  let isIpv4 = true;
  for (let i = 0; i <= domain.length; i++) {
    const code = domain.charCodeAt(i);
    if (i === domain.length || code === 0x2e) {
      const partSize = utf8Length(domain, previous, i);
      if (partSize === 0 || partSize >= 64 || domain.charCodeAt(i - 1) === 0x2d) return '';
      // a label reached here with isIpv4 still set is all digits
      if (isIpv4 && !isIpv4Label(domain, previous, partSize)) isIpv4 = false;
      partCount++;
      if (i !== domain.length) previous = i + 1;
    } else if (code < 0x30 || code > 0x39) {
      isIpv4 = false;
      hasNonDigit = true;
    }
  }
  if (partCount === 1) return '';
  if (isIpv4 && partCount === 4) return result;
  if (!hasNonDigit) return '';

  const tld = domain.slice(previous);
  if (codePointLength(tld) <= 1) return '';
  if (tld.startsWith('xn--')) {
    if (tld.length <= 5 || !/^[A-Za-z0-9]+$/.test(tld.slice(4))) return '';
  } else {
    if (tld.includes('_') || tld.includes('-')) return '';
    // tldStart === previous: the first check may already have looked the TLD up
    if (!hasProtocol && !(tldIsCommon ?? isCommonTld(tld))) return '';
  }
  // the second-level label may not contain '_'
  const underscore = domain.indexOf('_', domain.lastIndexOf('.', previous - 2) + 1);
  if (underscore >= 0 && underscore < previous - 1) return '';
  return result;
}
