/**
 * HTML, ported from TDLib's parse_html (TD MessageEntity.cpp, reference §7.3). Tags are case-insensitive,
 * unknown attributes are ignored, only &lt; &gt; &amp; &quot; and numeric character references are
 * decoded, and anything else starting with '&' stays literal.
 */
import { asciiLower, isAlnum, isAlpha, isDigit, isHexDigit, isSpace } from './char-classes.js';
import { sortEntities, type Entity, type ParsedText } from './entity.js';
import { dateFlagsFromMarkup } from './formatted-date.js';
import { entityParseError } from './formatting-error.js';
import { toInt32Lenient, toIntegerSafe } from './integers.js';
import { getCheckedLink, getLinkUserId } from './links.js';
import { utf8Offset } from './utf16.js';

const SUPPORTED_TAGS = new Set([
  'a',
  'b',
  'strong',
  'i',
  'em',
  's',
  'strike',
  'del',
  'u',
  'ins',
  'tg-spoiler',
  'tg-emoji',
  'tg-time',
  'span',
  'pre',
  'code',
  'blockquote',
]);

const SIMPLE_TAGS: Record<string, Entity['type']> = {
  i: 'italic',
  em: 'italic',
  b: 'bold',
  strong: 'bold',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  u: 'underline',
  ins: 'underline',
  'tg-spoiler': 'spoiler',
  span: 'spoiler',
};

const NAMED_REFERENCES = new Map([
  ['lt', 0x3c],
  ['gt', 0x3e],
  ['amp', 0x26],
  ['quot', 0x22],
]);

interface OpenTag {
  name: string;
  /** href, language, span class, emoji-id, time format, or "1" for an expandable quote */
  argument: string;
  /** <tg-time unix> */
  date: number;
  /** UTF-16 offset in the output where the tag's content starts */
  offset: number;
}

export function parseHtml(input: string): ParsedText {
  if (input.includes('\0')) throw entityParseError('Text must not contain null bytes');
  const size = input.length;
  const at = (i: number): string => (i < size ? input[i]! : '\0');
  const byteOffset = (i: number) => utf8Offset(input, i);
  const output: string[] = [];
  const entities: Entity[] = [];
  const nested: OpenTag[] = [];
  let decodedSurrogate = false;

  for (let i = 0; i < size; i++) {
    const c = input[i]!;
    if (c === '&') {
      const reference = decodeReference(input, i);
      if (reference !== undefined) {
        i = reference.end - 1;
        if (reference.code >= 0xd800 && reference.code <= 0xdfff) decodedSurrogate = true;
        pushCodePoint(output, reference.code);
        continue;
      }
    }
    if (c !== '<') {
      output.push(c);
      continue;
    }

    const beginPos = i++;
    if (at(i) !== '/') {
      while (!isSpace(at(i)) && at(i) !== '>') i++;
      if (at(i) === '\0') throw entityParseError(`Unclosed start tag at byte offset ${byteOffset(beginPos)}`);
      const name = asciiLower(input.slice(beginPos + 1, i));
      if (!SUPPORTED_TAGS.has(name)) {
        throw entityParseError(`Unsupported start tag "${name}" at byte offset ${byteOffset(beginPos)}`);
      }
      const unclosedTag = () =>
        entityParseError(`Unclosed start tag "${name}" at byte offset ${byteOffset(beginPos)}`);

      let argument = '';
      let date = 0;
      while (at(i) !== '>') {
        while (at(i) !== '\0' && isSpace(at(i))) i++;
        if (at(i) === '>') break;
        const attributeBegin = i;
        while (!isSpace(at(i)) && !'=>/"\''.includes(at(i))) i++;
        const attribute = input.slice(attributeBegin, i);
        if (attribute === '') {
          throw entityParseError(
            `Empty attribute name in the tag "${name}" at byte offset ${byteOffset(beginPos)}`,
          );
        }
        while (at(i) !== '\0' && isSpace(at(i))) i++;
        if (at(i) !== '=') {
          if (at(i) === '\0') throw unclosedTag();
          if (name === 'blockquote' && attribute === 'expandable') argument = '1';
          continue;
        }
        i++;
        while (at(i) !== '\0' && isSpace(at(i))) i++;
        if (at(i) === '\0') throw unclosedTag();

        let value = '';
        if (at(i) !== "'" && at(i) !== '"') {
          // an unquoted value is an HTML name token: letters, digits, '.' and '-', case-insensitive
          const tokenBegin = i;
          while (isAlnum(at(i)) || at(i) === '.' || at(i) === '-') i++;
          value = asciiLower(input.slice(tokenBegin, i));
          if (!isSpace(at(i)) && at(i) !== '>') {
            throw entityParseError(`Unexpected end of name token at byte offset ${byteOffset(tokenBegin)}`);
          }
        } else {
          const quote = input[i++]!;
          const units: string[] = [];
          while (at(i) !== quote && at(i) !== '\0') {
            if (input[i] === '&') {
              const reference = decodeReference(input, i);
              if (reference !== undefined) {
                pushCodePoint(units, reference.code);
                i = reference.end;
                continue;
              }
            }
            units.push(input[i++]!);
          }
          if (at(i) === quote) i++;
          value = units.join('');
        }
        if (at(i) === '\0')
          throw entityParseError(`Unclosed start tag at byte offset ${byteOffset(beginPos)}`);

        if (name === 'a' && attribute === 'href') argument = value;
        else if (name === 'code' && attribute === 'class' && value.startsWith('language-'))
          argument = value.slice(9);
        else if (name === 'span' && attribute === 'class' && value.startsWith('tg-'))
          argument = value.slice(3);
        else if (name === 'tg-emoji' && attribute === 'emoji-id') argument = value;
        else if (name === 'blockquote' && attribute === 'expandable') argument = '1';
        else if (name === 'tg-time' && attribute === 'unix') date = toInt32Lenient(value);
        else if (name === 'tg-time' && attribute === 'format') argument = value;
      }
      if (name === 'span' && argument !== 'spoiler') {
        throw entityParseError(
          `Tag "span" must have class "tg-spoiler" at byte offset ${byteOffset(beginPos)}`,
        );
      }
      nested.push({ name, argument, date, offset: output.length });
      continue;
    }

    // an end tag; its name may be omitted ("</>")
    if (nested.length === 0)
      throw entityParseError(`Unexpected end tag at byte offset ${byteOffset(beginPos)}`);
    while (!isSpace(at(i)) && at(i) !== '>') i++;
    const endName = asciiLower(input.slice(beginPos + 2, i));
    while (isSpace(at(i)) && at(i) !== '\0') i++;
    if (at(i) !== '>') throw entityParseError(`Unclosed end tag at byte offset ${byteOffset(beginPos)}`);
    const open = nested.at(-1)!;
    if (endName !== '' && endName !== open.name) {
      throw entityParseError(
        `Unmatched end tag at byte offset ${byteOffset(beginPos)}, expected "</${open.name}>", found "</${endName}>"`,
      );
    }
    if (output.length > open.offset) closeTag(open, output, entities);
    nested.pop();
  }

  const unclosed = nested.at(-1);
  if (unclosed !== undefined) {
    throw entityParseError(`Can't find end tag corresponding to start tag "${unclosed.name}"`);
  }
  for (const entity of entities) if (entity.type === 'code') delete entity.language;
  if (decodedSurrogate) {
    // TDLib re-checks the UTF-8 it built, which never holds an encoded surrogate, even a paired one
    throw entityParseError(
      'Text contains invalid Unicode characters after decoding HTML entities, check for unmatched surrogate code units',
    );
  }
  return { text: output.join(''), entities: sortEntities(entities) };
}

/** Adds the entity of a closed tag that has some content. */
function closeTag(open: OpenTag, output: string[], entities: Entity[]): void {
  const offset = open.offset;
  const length = output.length - offset;
  const simple = SIMPLE_TAGS[open.name];
  if (simple !== undefined) {
    entities.push({ type: simple, offset, length });
    return;
  }
  const last = entities.at(-1);
  const sameRange = last !== undefined && last.offset === offset && last.length === length;
  switch (open.name) {
    case 'tg-emoji': {
      const id = toIntegerSafe(open.argument, 64);
      if (id === undefined || id === 0n) throw entityParseError('Invalid custom emoji identifier specified');
      entities.push({ type: 'custom_emoji', offset, length, customEmojiId: id.toString() });
      return;
    }
    case 'tg-time': {
      const flags = dateFlagsFromMarkup(open.argument);
      if (flags === undefined) throw entityParseError('Invalid date format used');
      if (open.date > 0)
        entities.push({ type: 'date_time', offset, length, date: { unixTime: open.date, flags } });
      return;
    }
    case 'a': {
      const url = open.argument === '' ? output.slice(offset).join('') : open.argument;
      const userId = getLinkUserId(url);
      if (userId !== undefined) {
        entities.push({ type: 'text_mention', offset, length, userId });
        return;
      }
      const checked = getCheckedLink(url);
      if (checked !== '') entities.push({ type: 'text_link', offset, length, url: checked });
      return;
    }
    case 'pre':
      // <pre><code class="language-x"> closes the code first; the pair becomes one pre with a language
      if (sameRange && last.type === 'code' && (last.language ?? '') !== '') last.type = 'pre_code';
      else entities.push({ type: 'pre', offset, length });
      return;
    case 'code':
      if (sameRange && last.type === 'pre' && open.argument !== '') {
        last.type = 'pre_code';
        last.language = open.argument;
      } else entities.push({ type: 'code', offset, length, language: open.argument });
      return;
    case 'blockquote':
      entities.push({ type: open.argument === '' ? 'blockquote' : 'expandable_blockquote', offset, length });
      return;
  }
}

/** decode_html_entity: the code point of the reference at text[position] ('&') and where it ends. */
function decodeReference(text: string, position: number): { code: number; end: number } | undefined {
  const at = (i: number): string => (i < text.length ? text[i]! : '\0');
  let end = position + 1;
  let code = 0;
  if (at(position + 1) === '#') {
    end++;
    if (at(position + 2) === 'x') {
      end++;
      while (isHexDigit(at(end))) code = code * 16 + parseInt(at(end++), 16);
    } else {
      while (isDigit(at(end))) code = code * 10 + (at(end++).charCodeAt(0) - 48);
    }
    if (code === 0 || code >= 0x10ffff || end - position >= 10) return undefined;
  } else {
    while (isAlpha(at(end))) end++;
    const named = NAMED_REFERENCES.get(text.slice(position + 1, end));
    if (named === undefined) return undefined;
    code = named;
  }
  if (at(end) === ';') end++;
  return { code, end };
}

/** Appends a code point as UTF-16 code units, so the array length stays the UTF-16 offset. */
function pushCodePoint(units: string[], code: number): void {
  if (code > 0xffff) {
    const astral = String.fromCodePoint(code);
    units.push(astral[0]!, astral[1]!);
  } else units.push(String.fromCharCode(code));
}
