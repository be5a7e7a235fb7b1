/**
 * Entities the platform finds by itself in any text: mention, hashtag, cashtag, bot_command, url, email
 * and phone_number. Ported from TDLib's find_entities and its matchers (TD MessageEntity.cpp); TDLib leaves
 * phone numbers to the server, so they are matched here by a heuristic.
 */
import { isAlphaDigitUnderscore, isDecimalNumber, isLetter, isWordCharacter } from './char-classes.js';
import { findTgUrls, findUrls } from './detect-urls.js';
import { entityEnd, sortEntities, toMessageEntity, type Entity, type MessageEntity } from './entity.js';
import { codePointAt, codePointCodeBefore, utf16Width } from './utf16.js';

/** Usernames shorter than four characters that are still mentions. */
const SHORT_USERNAMES = new Set(['gif', 'nft', 'pic', 'ufc', 'vid']);

type Span = [number, number];

/** @username: 2-32 of [A-Za-z0-9_] after a non-word character, kept when 4+ long or a known short name. */
function findMentions(text: string): Span[] {
  const result: Span[] = [];
  let position = 0;
  for (;;) {
    position = text.indexOf('@', position);
    if (position < 0) break;
    if (position !== 0 && isWordCharacter(codePointCodeBefore(text, position))) {
      position++;
      continue;
    }
    const nameBegin = ++position;
    while (position < text.length && isAlphaDigitUnderscore(text.charCodeAt(position))) position++;
    const size = position - nameBegin;
    if (size < 2 || size > 32) continue;
    if (isWordCharacter(codePointAt(text, position))) continue;
    if (size < 4 && !SHORT_USERNAMES.has(text.slice(nameBegin, position).toLowerCase())) continue;
    result.push([nameBegin - 1, position]);
  }
  return result;
}

/** What may not touch a bot command: a word character or / < > */
function isCommandBoundary(code: number): boolean {
  return isWordCharacter(code) || code === 0x2f || code === 0x3c || code === 0x3e;
}

/** /command and /command@bot_name: not after a word character or / < >, and not followed by one. */
function findBotCommands(text: string): Span[] {
  const result: Span[] = [];
  let position = 0;
  for (;;) {
    position = text.indexOf('/', position);
    if (position < 0) break;
    if (position !== 0 && isCommandBoundary(codePointCodeBefore(text, position))) {
      position++;
      continue;
    }
    const commandBegin = ++position;
    while (position < text.length && isAlphaDigitUnderscore(text.charCodeAt(position))) position++;
    let commandEnd = position;
    const size = commandEnd - commandBegin;
    if (size < 1 || size > 64) continue;
    if (text[position] === '@') {
      const botBegin = ++position;
      while (position < text.length && isAlphaDigitUnderscore(text.charCodeAt(position))) position++;
      const botSize = position - botBegin;
      if (botSize < 3 || botSize > 32) continue;
      commandEnd = position;
    }
    if (isCommandBoundary(codePointAt(text, position))) continue;
    result.push([commandBegin - 1, commandEnd]);
  }
  return result;
}

function isHashtagLetter(code: number): boolean {
  if (code === 0x5f || code === 0x200c || code === 0xb7 || (code >= 0xd80 && code <= 0xdff)) return true;
  return isDecimalNumber(code) || isLetter(code);
}

/** Reads "@username" (3-32 characters) at position, returning where it ends or undefined. */
function usernameSuffixEnd(text: string, position: number, limitLength: boolean): number | undefined {
  if (text[position] !== '@') return undefined;
  let end = position + 1;
  while (
    end < text.length &&
    (!limitLength || end - position < 33) &&
    isAlphaDigitUnderscore(text.charCodeAt(end))
  )
    end++;
  const length = end - position - 1;
  return length >= 3 && length <= 32 ? end : undefined;
}

/** #tag (up to 256 characters, at least one letter) and #tag@chat_username. */
function findHashtags(text: string): Span[] {
  const result: Span[] = [];
  let position = 0;
  for (;;) {
    position = text.indexOf('#', position);
    if (position < 0) break;
    if (position !== 0 && isHashtagLetter(codePointCodeBefore(text, position))) {
      position++;
      continue;
    }
    const tagBegin = ++position;
    let count = 0;
    let tagEnd = -1;
    let wasLetter = false;
    while (position < text.length) {
      const code = codePointAt(text, position);
      if (!isHashtagLetter(code)) break;
      position += utf16Width(code);
      // only the first 256 characters are part of the hashtag
      if (count === 255) tagEnd = position;
      if (count !== 256) {
        wasLetter ||= isLetter(code);
        count++;
      }
    }
    if (tagEnd < 0) tagEnd = position;
    if (count < 1) continue;
    if (tagEnd === position) {
      const usernameEnd = usernameSuffixEnd(text, position, true);
      if (usernameEnd !== undefined) position = tagEnd = usernameEnd;
    }
    if (text[position] === '#' || !wasLetter) continue;
    result.push([tagBegin - 1, tagEnd]);
  }
  return result;
}

/** $USD: 1-8 capital letters (or 1INCH), optionally @chat_username, not inside a word. */
function findCashtags(text: string): Span[] {
  const result: Span[] = [];
  let position = 0;
  for (;;) {
    position = text.indexOf('$', position);
    if (position < 0) break;
    if (position !== 0) {
      const previous = codePointCodeBefore(text, position);
      if (isHashtagLetter(previous) || previous === 0x24) {
        position++;
        continue;
      }
    }
    const tagBegin = ++position;
    if (text.startsWith('1INCH', position)) position += 5;
    else while (position < text.length && text[position]! >= 'A' && text[position]! <= 'Z') position++;
    let tagEnd = position;
    const size = tagEnd - tagBegin;
    if (size < 1 || size > 8) continue;
    const usernameEnd = usernameSuffixEnd(text, position, false);
    if (usernameEnd !== undefined) position = tagEnd = usernameEnd;
    if (tagEnd !== text.length) {
      const next = codePointAt(text, position);
      if (isHashtagLetter(next) || next === 0x24) continue;
    }
    result.push([tagBegin - 1, tagEnd]);
  }
  return result;
}

const PHONE_NUMBER = /\+\d(?:[ \-()]{0,2}\d)+/g;

function countDigits(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x30 && code <= 0x39) count++;
  }
  return count;
}

/**
 * International phone numbers such as +1-212-555-0123 or +7 (999) 123-45-67: '+', then 7-15 digits
 * separated by single spaces, dashes or parentheses, not glued to a word. A heuristic: the reference
 * server's rules are not public.
 */
function findPhoneNumbers(text: string): Span[] {
  const result: Span[] = [];
  if (!text.includes('+')) return result;
  // matchAll works on a copy, so the shared pattern's lastIndex stays 0
  for (const match of text.matchAll(PHONE_NUMBER)) {
    const start = match.index;
    const end = start + match[0].length;
    const digits = countDigits(match[0]);
    if (digits < 7 || digits > 15) continue;
    if (start > 0) {
      const previous = codePointCodeBefore(text, start);
      if (isWordCharacter(previous) || previous === 0x2b) continue;
    }
    if (isWordCharacter(codePointAt(text, end))) continue;
    result.push([start, end]);
  }
  return result;
}

/**
 * All entities the platform finds in a text, sorted, keeping the first of any overlapping ones
 * (find_entities with fix_entity_offsets).
 */
export function findEntities(text: string, skipBotCommands = false): Entity[] {
  // Each finder starts by looking for its trigger character ('@', '/', '#', '$', '+', ':' and '.') with
  // indexOf, which scans faster than any one pass over the text in JavaScript: a text without them costs
  // a few native scans.
  const entities: Entity[] = [];
  addSpans(entities, 'mention', findMentions(text));
  if (!skipBotCommands) addSpans(entities, 'bot_command', findBotCommands(text));
  addSpans(entities, 'hashtag', findHashtags(text));
  addSpans(entities, 'cashtag', findCashtags(text));
  addSpans(entities, 'phone_number', findPhoneNumbers(text));
  addSpans(entities, 'url', findTgUrls(text));
  for (const url of findUrls(text)) {
    entities.push({ type: url.isEmail ? 'email' : 'url', offset: url.start, length: url.end - url.start });
  }
  if (entities.length <= 1) return entities;

  sortEntities(entities);
  let lastEnd = 0;
  return entities.filter((entity) => {
    if (entity.offset < lastEnd) return false;
    lastEnd = entityEnd(entity);
    return true;
  });
}

function addSpans(entities: Entity[], type: Entity['type'], spans: Span[]): void {
  for (const [start, end] of spans) entities.push({ type, offset: start, length: end - start });
}

/**
 * Auto-detected entities of a text people type (which carries no markup): mention, hashtag, cashtag,
 * bot_command, url, email and phone_number, with UTF-16 offsets, in the reference's order.
 */
export function detectEntities(text: string): MessageEntity[] {
  return findEntities(text).map(toMessageEntity);
}
