/**
 * MarkdownV2, ported from TDLib's parse_markdown_v2 (TD MessageEntity.cpp, reference §7.2).
 *
 * State: a stack of open entities. A reserved character either closes the innermost entity or opens a new
 * one; anything else is text. Block quotes are line-based: '>' at the start of a line opens one (or
 * continues the open one), and a line break not followed by '>' closes it. A quote whose last line ends
 * with "||" becomes an expandable block quote.
 */
import { isSpace } from './char-classes.js';
import type { Entity, EntityType, ParsedText } from './entity.js';
import { sortEntities } from './entity.js';
import type { FormattedDate } from './formatted-date.js';
import { entityParseError } from './formatting-error.js';
import { getCheckedLink, getLinkCustomEmojiId, getLinkFormattedDate, getLinkUserId } from './links.js';
import { utf8Offset } from './utf16.js';

type OpenType =
  | 'bold'
  | 'italic'
  | 'underline'
  | 'strikethrough'
  | 'spoiler'
  | 'text_link'
  | 'code'
  | 'pre'
  | 'pre_code'
  | 'custom_emoji'
  | 'blockquote';

/** TDLib's names of entity types, as its error texts show them. */
const TYPE_NAMES: Record<OpenType, string> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strikethrough: 'Strikethrough',
  spoiler: 'Spoiler',
  text_link: 'TextUrl',
  code: 'Code',
  pre: 'Pre',
  pre_code: 'PreCode',
  custom_emoji: 'CustomEmoji',
  blockquote: 'BlockQuote',
};

const RESERVED = '_*[]()~`>#+-=|{}.!\n';

interface OpenEntity {
  type: OpenType;
  /** pre_code language */
  argument: string;
  /** UTF-16 offset in the output where the entity starts */
  offset: number;
  /** index in the input of the opening markup, for error texts */
  inputIndex: number;
}

export function parseMarkdownV2(input: string): ParsedText {
  const size = input.length;
  const at = (i: number): string => (i < size ? input[i]! : '\0');
  const isEscapable = (i: number): boolean => {
    const code = input.charCodeAt(i);
    return code > 0 && code <= 126;
  };
  const reserved = (c: string) =>
    entityParseError(`Character '${c}' is reserved and must be escaped with the preceding '\\'`);
  const unclosed = (open: OpenEntity) =>
    entityParseError(
      `Can't find end of ${TYPE_NAMES[open.type]} entity at byte offset ${utf8Offset(input, open.inputIndex)}`,
    );
  /** Reads "(url)" starting at the '(' and returns the URL without escapes and the index of the ')'. */
  const readUrl = (open: number): { url: string; close: number } => {
    let i = open + 1;
    const urlBegin = i;
    let url = '';
    while (i < size && input[i] !== ')') {
      if (input[i] === '\\' && isEscapable(i + 1)) {
        url += input[i + 1];
        i += 2;
        continue;
      }
      url += input[i++];
    }
    if (at(i) !== ')')
      throw entityParseError(`Can't find end of a URL at byte offset ${utf8Offset(input, urlBegin)}`);
    return { url, close: i };
  };

  const output: string[] = [];
  const entities: Entity[] = [];
  const nested: OpenEntity[] = [];
  let haveBlockquote = false;
  let canStartBlockquote = true;

  for (let i = 0; i < size; i++) {
    const c = input[i]!;
    if (c === '\\' && isEscapable(i + 1)) {
      i++;
      output.push(input[i]!);
      if (input[i] !== '\r') canStartBlockquote = input[i] === '\n';
      continue;
    }

    const top = nested.at(-1);
    const inCode =
      top !== undefined && (top.type === 'code' || top.type === 'pre' || top.type === 'pre_code');
    if (!(inCode ? '`' : RESERVED).includes(c)) {
      if (c !== '\r') canStartBlockquote = false;
      output.push(c);
      continue;
    }

    if (top === undefined || !isEndOf(top, c, i)) {
      let type: OpenType;
      let argument = '';
      const inputIndex = i;
      switch (c) {
        case '_':
          if (at(i + 1) === '_') {
            type = 'underline';
            i++;
          } else type = 'italic';
          break;
        case '*':
          type = 'bold';
          break;
        case '~':
          type = 'strikethrough';
          break;
        case '|':
          if (at(i + 1) !== '|') throw reserved(c);
          i++;
          type = 'spoiler';
          break;
        case '[':
          type = 'text_link';
          break;
        case '`':
          if (at(i + 1) === '`' && at(i + 2) === '`') {
            i += 3;
            type = 'pre';
            let languageEnd = i;
            while (!isSpace(at(languageEnd)) && at(languageEnd) !== '`') languageEnd++;
            if (i !== languageEnd && languageEnd < size && at(languageEnd) !== '`') {
              type = 'pre_code';
              argument = input.slice(i, languageEnd);
              i = languageEnd;
            }
            // one line break after the opening ``` (and language) is not part of the text
            if (at(i) === '\n' || at(i) === '\r') {
              if ((at(i + 1) === '\n' || at(i + 1) === '\r') && at(i) !== at(i + 1)) i += 2;
              else i++;
            }
            i--;
          } else type = 'code';
          break;
        case '!':
          if (at(i + 1) !== '[') throw reserved(c);
          i++;
          type = 'custom_emoji';
          break;
        case '\n':
          output.push('\n');
          canStartBlockquote = true;
          continue;
        case '>':
          if (!canStartBlockquote) throw reserved(c);
          if (haveBlockquote) continue;
          type = 'blockquote';
          haveBlockquote = true;
          break;
        default:
          throw reserved(c);
      }
      nested.push({ type, argument, offset: output.length, inputIndex });
      continue;
    }

    // end of an entity
    let type: EntityType = top.type;
    if (c === '\n' && type !== 'blockquote') {
      // only a "||" right before the line break may be open here: it marks the quote as expandable
      const isExpandMark =
        type === 'spoiler' &&
        (top.inputIndex === i - 2 || (top.inputIndex === i - 3 && output.at(-1) === '\r'));
      if (!isExpandMark) throw unclosed(top);
      nested.pop();
      const quote = nested.at(-1)!;
      if (quote.type !== 'blockquote') throw unclosed(quote);
      type = 'expandable_blockquote';
    }
    const current = nested.at(-1)!;
    let skipEntity = output.length === current.offset;
    let argument = current.argument;
    let userId: number | undefined;
    let customEmojiId: string | undefined;
    let date: FormattedDate | undefined;
    switch (type) {
      case 'underline':
      case 'spoiler':
        i++;
        break;
      case 'pre':
      case 'pre_code':
        i += 2;
        break;
      case 'text_link': {
        let url: string;
        if (at(i + 1) !== '(') {
          url = output.slice(current.offset).join('');
        } else {
          ({ url, close: i } = readUrl(i + 1));
        }
        userId = getLinkUserId(url);
        if (userId === undefined) {
          argument = getCheckedLink(url);
          if (argument === '') skipEntity = true;
        }
        break;
      }
      case 'custom_emoji': {
        if (at(i + 1) !== '(')
          throw entityParseError('The entity must contain a tg://emoji or tg://time URL');
        let url: string;
        ({ url, close: i } = readUrl(i + 1));
        const emoji = getLinkCustomEmojiId(url);
        if (emoji.ok) customEmojiId = emoji.value;
        else {
          const formatted = getLinkFormattedDate(url);
          if (!formatted.ok) throw entityParseError('Invalid tg://emoji or tg://time URL specified');
          date = formatted.value;
          type = 'date_time';
        }
        break;
      }
      case 'blockquote':
      case 'expandable_blockquote':
        // the line break that ends a quote belongs to it
        haveBlockquote = false;
        output.push(c);
        canStartBlockquote = true;
        skipEntity = false;
        break;
      default:
        break;
    }

    if (!skipEntity) {
      const entity: Entity = { type, offset: current.offset, length: output.length - current.offset };
      if (userId !== undefined) {
        entity.type = 'text_mention';
        entity.userId = userId;
      } else if (customEmojiId !== undefined) entity.customEmojiId = customEmojiId;
      else if (date !== undefined) entity.date = date;
      else if (type === 'text_link') entity.url = argument;
      else if (type === 'pre_code') entity.language = argument;
      entities.push(entity);
    }
    nested.pop();
  }

  if (haveBlockquote) {
    // a quote may run to the end of the text, optionally ending with the "||" expandability mark
    let type: EntityType = 'blockquote';
    const top = nested.at(-1)!;
    if (top.type === 'spoiler' && top.inputIndex === size - 2) {
      nested.pop();
      type = 'expandable_blockquote';
    }
    const quote = nested.at(-1)!;
    if (quote.type === 'blockquote') {
      const length = output.length - quote.offset;
      if (length !== 0) entities.push({ type, offset: quote.offset, length });
      nested.pop();
    }
  }
  const unclosedEntity = nested.at(-1);
  if (unclosedEntity !== undefined) throw unclosed(unclosedEntity);

  return { text: output.join(''), entities: sortEntities(entities) };

  function isEndOf(open: OpenEntity, c: string, i: number): boolean {
    if (haveBlockquote && c === '\n' && (i + 1 === size || input[i + 1] !== '>')) return true;
    switch (open.type) {
      case 'bold':
        return c === '*';
      case 'italic':
        return c === '_' && at(i + 1) !== '_';
      case 'code':
        return c === '`';
      case 'pre':
      case 'pre_code':
        return c === '`' && at(i + 1) === '`' && at(i + 2) === '`';
      case 'text_link':
      case 'custom_emoji':
        return c === ']';
      case 'underline':
        return c === '_' && at(i + 1) === '_';
      case 'strikethrough':
        return c === '~';
      case 'spoiler':
        return c === '|' && at(i + 1) === '|';
      case 'blockquote':
        return false;
    }
  }
}
