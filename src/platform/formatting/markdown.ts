/**
 * Legacy Markdown (parse_mode "Markdown"), ported from TDLib's parse_markdown (TD MessageEntity.cpp,
 * reference §7.4): *bold*, _italic_, `code`, ```pre```, [text](url); no nesting; only _ * ` [ can be
 * escaped, and only outside entities.
 *
 * TDLib compacts the text in place while reading it, and a link written without "(url)" takes its URL
 * from that half-overwritten buffer. The port keeps the same buffer so such links come out as they do
 * there.
 */
import { isSpace } from './char-classes.js';
import type { Entity, ParsedText } from './entity.js';
import { entityParseError } from './formatting-error.js';
import { getCheckedLink, getLinkUserId } from './links.js';
import { utf8Offset } from './utf16.js';

const MARKUP = '_*`[';

export function parseMarkdown(input: string): ParsedText {
  // One UTF-16 code unit per slot, so the write position is also the UTF-16 offset of the output.
  const buffer = input.split('');
  const size = buffer.length;
  const at = (i: number): string => (i < size ? buffer[i]! : '\0');
  const entities: Entity[] = [];
  let resultSize = 0;

  for (let i = 0; i < size; i++) {
    const c = buffer[i]!;
    if (c === '\\' && MARKUP.includes(at(i + 1))) {
      i++;
      buffer[resultSize++] = buffer[i]!;
      continue;
    }
    if (!MARKUP.includes(c)) {
      buffer[resultSize++] = c;
      continue;
    }

    const beginPos = i;
    const endCharacter = c === '[' ? ']' : c;
    let isPre = false;
    let language = '';
    i++;
    if (c === '`' && at(i) === '`' && at(i + 1) === '`') {
      i += 2;
      isPre = true;
      let languageEnd = i;
      while (!isSpace(at(languageEnd)) && at(languageEnd) !== '`') languageEnd++;
      if (i !== languageEnd && languageEnd < size && at(languageEnd) !== '`') {
        language = buffer.slice(i, languageEnd).join('');
        i = languageEnd;
      }
      // one line break right after the opening ``` (and language) is not part of the text
      if (at(i) === '\n' || at(i) === '\r') {
        if ((at(i + 1) === '\n' || at(i + 1) === '\r') && at(i) !== at(i + 1)) i += 2;
        else i++;
      }
    }

    const entityOffset = resultSize;
    while (i < size && (buffer[i] !== endCharacter || (isPre && !(at(i + 1) === '`' && at(i + 2) === '`')))) {
      buffer[resultSize++] = buffer[i++]!;
    }
    if (i === size) {
      throw entityParseError(
        `Can't find end of the entity starting at byte offset ${utf8Offset(input, beginPos)}`,
      );
    }

    if (entityOffset !== resultSize) {
      const length = resultSize - entityOffset;
      if (c === '_') entities.push({ type: 'italic', offset: entityOffset, length });
      else if (c === '*') entities.push({ type: 'bold', offset: entityOffset, length });
      else if (c === '[') {
        let url = '';
        if (at(i + 1) !== '(') {
          url = buffer.slice(beginPos + 1, i).join('');
        } else {
          i += 2;
          while (i < size && buffer[i] !== ')') url += buffer[i++];
        }
        const userId = getLinkUserId(url);
        if (userId !== undefined) {
          entities.push({ type: 'text_mention', offset: entityOffset, length, userId });
        } else {
          const checked = getCheckedLink(url);
          if (checked !== '')
            entities.push({ type: 'text_link', offset: entityOffset, length, url: checked });
        }
      } else if (isPre) {
        entities.push(
          language === ''
            ? { type: 'pre', offset: entityOffset, length }
            : { type: 'pre_code', offset: entityOffset, length, language },
        );
      } else {
        entities.push({ type: 'code', offset: entityOffset, length });
      }
    }
    if (isPre) i += 2;
  }
  return { text: buffer.slice(0, resultSize).join(''), entities };
}
