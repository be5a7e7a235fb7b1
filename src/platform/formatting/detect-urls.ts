/**
 * Link and e-mail detection, ported from TDLib's match_urls, fix_url, is_email_address and match_tg_urls
 * (TD MessageEntity.cpp). Positions are UTF-16 indices; the reference's byte-size limits on domain labels
 * are measured in UTF-8 as it does.
 */
import {
  asciiLower,
  isAlphaDigitCode,
  isAlphaDigitUnderscoreMinus,
  isDigit,
  isSeparator,
  isWordCharacter,
} from './char-classes.js';
import { BAD_PATH_END, fixUrl } from './fix-url.js';
import { codePointAt, codePointCodeBefore, utf16Width, utf8Length } from './utf16.js';

export interface FoundUrl {
  start: number;
  end: number;
  isEmail: boolean;
}

function isUrlUnicodeSymbol(code: number): boolean {
  // General Punctuation: only zero-width joiners and dashes belong to a link
  if (code >= 0x2000 && code <= 0x206f)
    return code === 0x200c || code === 0x200d || (code >= 0x2010 && code <= 0x2015);
  return !isSeparator(code);
}

function isUrlPathSymbol(code: number): boolean {
  // \n < > " « »
  if (code === 0x0a || code === 0x3c || code === 0x3e || code === 0x22 || code === 0xab || code === 0xbb)
    return false;
  return isUrlUnicodeSymbol(code);
}

function isProtocolSymbol(code: number): boolean {
  // dots are not allowed; non-ASCII letters are read so the protocol can be rejected later
  if (code < 0x80) return isAlphaDigitCode(code) || code === 0x2b || code === 0x2d;
  return !isSeparator(code);
}

function isUserDataSymbol(code: number): boolean {
  if (code < 0x80 && '\n/[]{}()\'`<>"@'.includes(String.fromCharCode(code))) return false;
  if (code === 0xab || code === 0xbb) return false;
  return isUrlUnicodeSymbol(code);
}

function isDomainSymbol(code: number): boolean {
  if (code < 0xc0) return code === 0x2e || isAlphaDigitUnderscoreMinus(code) || code === 0x7e;
  return isUrlUnicodeSymbol(code);
}

/** Extends a position at '/', '?' or '#' over a link path, without trailing punctuation. */
function pathEnd(text: string, start: number): number {
  let end = start + 1;
  while (end < text.length) {
    const code = codePointAt(text, end);
    if (!isUrlPathSymbol(code)) break;
    end += utf16Width(code);
  }
  while (end > start + 1 && BAD_PATH_END.includes(text[end - 1]!)) end--;
  return text[start] === '/' || end > start + 1 ? end : start;
}

/** Moves back from `from` over the code points `accept` takes, stopping at `limit`. */
function scanBack(text: string, from: number, limit: number, accept: (code: number) => boolean): number {
  let position = from;
  while (position !== limit) {
    const code = codePointCodeBefore(text, position);
    if (!accept(code)) break;
    position -= utf16Width(code);
  }
  return position;
}

/** Whether text[begin, end) takes at least 6 bytes in UTF-8, without measuring a long prefix whole. */
function hasSixUtf8Bytes(text: string, begin: number, end: number): boolean {
  // a code unit takes at least one byte
  return end - begin >= 6 || utf8Length(text, begin, end) >= 6;
}

/** Candidate links around each '.', as [start, end) pairs (match_urls). */
function matchUrls(text: string): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  const end = text.length;
  let begin = 0;

  for (;;) {
    const dot = text.indexOf('.', begin);
    if (dot < 0 || dot + 1 === end) break;
    if (text[dot + 1] === ' ') {
      begin = dot + 2;
      continue;
    }

    let domainBegin = scanBack(text, dot, begin, isDomainSymbol);
    let lastAt = -1;
    let domainEnd = dot;
    while (domainEnd !== end) {
      const code = codePointAt(text, domainEnd);
      if (code === 0x40) lastAt = domainEnd;
      else if (!isDomainSymbol(code)) break;
      domainEnd += utf16Width(code);
    }
    if (lastAt >= 0) domainBegin = scanBack(text, domainBegin, begin, isUserDataSymbol);

    let urlEnd = domainEnd;
    if (urlEnd !== end && text[urlEnd] === ':') {
      let portEnd = urlEnd + 1;
      while (portEnd !== end && isDigit(text[portEnd]!)) portEnd++;
      let portBegin = urlEnd + 1;
      while (portBegin !== portEnd && text[portBegin] === '0') portBegin++;
      if (
        portBegin !== portEnd &&
        portEnd - portBegin <= 5 &&
        Number(text.slice(portBegin, portEnd)) <= 65535
      ) {
        urlEnd = portEnd;
      }
    }
    if (urlEnd !== end && '/?#'.includes(text[urlEnd]!)) urlEnd = pathEnd(text, urlEnd);
    while (urlEnd > dot + 1 && text[urlEnd - 1] === '.') urlEnd--;

    let isBad = false;
    let urlBegin = domainBegin;
    if (urlBegin !== begin && text[urlBegin - 1] === '@') {
      if (lastAt >= 0) isBad = true;
      const userDataBegin = scanBack(text, urlBegin - 1, begin, isUserDataSymbol);
      if (userDataBegin === urlBegin - 1) isBad = true;
      urlBegin = userDataBegin;
    }
    if (urlBegin !== begin) {
      // the text since `begin` ends with "://" and has at least 6 bytes
      if (
        urlBegin - begin >= 3 &&
        text.startsWith('://', urlBegin - 3) &&
        hasSixUtf8Bytes(text, begin, urlBegin)
      ) {
        const protocolBegin = scanBack(text, urlBegin - 3, begin, isProtocolSymbol);
        const protocol = asciiLower(text.slice(protocolBegin, urlBegin - 3));
        if (protocol.endsWith('http') && protocol !== 'shttp') urlBegin -= 7;
        else if (protocol.endsWith('https')) urlBegin -= 8;
        else if (protocol.endsWith('ftp') && protocol !== 'tftp' && protocol !== 'sftp') urlBegin -= 6;
        else if (protocol.endsWith('tonsite')) urlBegin -= 10;
        else isBad = true;
      } else {
        const previous = codePointCodeBefore(text, urlBegin);
        if (isWordCharacter(previous) || previous === 0x2f || previous === 0x23 || previous === 0x40)
          isBad = true;
      }
    }

    if (!isBad) {
      if (urlEnd > dot + 1) result.push([urlBegin, urlEnd]);
      while (urlEnd !== end && text[urlEnd] === '.') urlEnd++;
    } else {
      while (text[urlEnd - 1] !== '.') urlEnd--;
    }
    if (urlEnd <= dot) urlEnd = dot + 1;
    begin = urlEnd;
  }
  return result;
}

/** /^([a-z0-9_-]{0,26}[.+]){0,10}[a-z0-9_-]{1,35}@(([a-z0-9][a-z0-9_-]{0,28})?[a-z0-9][.]){1,6}[a-z]{2,8}$/i */
export function isEmailAddress(text: string): boolean {
  const at = text.indexOf('@');
  if (at < 0) return false;
  const userdata = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (domain === '') return false;

  let previous = 0;
  let userdataParts = 0;
  for (let i = 0; i < userdata.length; i++) {
    const c = userdata.charCodeAt(i);
    if (c === 0x2e || c === 0x2b) {
      if (i - previous >= 27) return false;
      userdataParts++;
      previous = i + 1;
    } else if (!isAlphaDigitUnderscoreMinus(c)) return false;
  }
  userdataParts++;
  if (userdataParts >= 12) return false;
  const lastPartLength = userdata.length - previous;
  if (lastPartLength === 0 || lastPartLength >= 36) return false;

  const parts = domain.split('.');
  if (parts.length <= 1 || parts.length > 7) return false;
  const tld = parts.pop()!;
  if (tld.length <= 1 || tld.length >= 9 || !/^[A-Za-z]+$/.test(tld)) return false;
  return parts.every(
    (part) =>
      part !== '' &&
      part.length < 31 &&
      /^[A-Za-z0-9_-]+$/.test(part) &&
      isAlphaDigitCode(part.charCodeAt(0)) &&
      isAlphaDigitCode(part.charCodeAt(part.length - 1)),
  );
}

/** Links and e-mail addresses in the text (find_urls). */
export function findUrls(text: string): FoundUrl[] {
  const found: FoundUrl[] = [];
  for (const [start, end] of matchUrls(text)) {
    const candidate = text.slice(start, end);
    if (isEmailAddress(candidate)) found.push({ start, end, isEmail: true });
    else if (candidate.startsWith('mailto:') && isEmailAddress(candidate.slice(7))) {
      found.push({ start: start + 7, end, isEmail: true });
    } else {
      const fixed = fixUrl(candidate);
      if (fixed !== '') found.push({ start, end: start + fixed.length, isEmail: false });
    }
  }
  return found;
}

/** Whether text[.., end) is `word` (lower-case ASCII letters) in any case. */
function endsWithAsciiWord(text: string, end: number, word: string): boolean {
  if (end < word.length) return false;
  for (let k = 0; k < word.length; k++) {
    // setting bit 5 lowers A-Z and leaves a-z; nothing else becomes a lower-case letter
    if ((text.charCodeAt(end - word.length + k) | 0x20) !== word.charCodeAt(k)) return false;
  }
  return true;
}

/** tg://, ton:// and tonsite:// links (match_tg_urls), as [start, end) pairs. */
export function findTgUrls(text: string): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  // every link found starts at a "://"
  if (!text.includes('://')) return result;
  const end = text.length;
  let position = 0;
  while (end - position > 5) {
    position = text.indexOf(':', position);
    if (position < 0) break;
    let urlBegin = -1;
    if (end - position >= 3 && text[position + 1] === '/' && text[position + 2] === '/') {
      if (endsWithAsciiWord(text, position, 'tg')) urlBegin = position - 2;
      else if (endsWithAsciiWord(text, position, 'ton')) urlBegin = position - 3;
      // TDLib starts a tonsite:// link three characters back as well
      else if (endsWithAsciiWord(text, position, 'tonsite')) urlBegin = position - 3;
    }
    if (urlBegin < 0) {
      position++;
      continue;
    }
    position += 3;
    const domainBegin = position;
    while (
      position !== end &&
      position - domainBegin !== 253 &&
      isAlphaDigitUnderscoreMinus(text.charCodeAt(position))
    ) {
      position++;
    }
    if (position === domainBegin) continue;
    if (position !== end && '/?#'.includes(text[position]!)) position = pathEnd(text, position);
    result.push([urlBegin, position]);
  }
  return result;
}
