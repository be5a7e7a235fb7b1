/**
 * Rich-message Markdown (InputRichMessage.markdown) into RichBlocks (ADR 0051). Blocks, one per
 * group of lines: paragraphs (separated by blank lines), `#`-`######` headings, ``` fenced code
 * (with a language), `$$` math blocks, `---` / `***` / `___` dividers, `>` quotations, lists
 * (`-`, `*`, `+`, `1.`; `[ ]` / `[x]` checkboxes; items continue on lines indented by two spaces),
 * pipe tables with a `|---|:--:|` separator, a line holding only `![caption](src)` (a media block),
 * and `[^name]: text` references. Inline: `**bold**`, `__bold__`, `*italic*`, `_italic_`,
 * `~~strikethrough~~`, `||spoiler||`, `==marked==`, `` `code` ``, `$math$`, `[text](link)`,
 * `[^name]` reference links, `![alt](tg://emoji?id=...)`, `![text](tg://time?unix=...&format=...)`;
 * `\` escapes any ASCII punctuation. An unclosed paired marker (bold, italic, ...) is refused as
 * MarkdownV2 does; a backtick or `$` that nothing closes is a literal character (ADR 0082).
 */
import { entityParseError } from '../formatting/formatting-error.js';
import { getLinkCustomEmojiId, getLinkFormattedDate } from '../formatting/links.js';
import { utf8Offset } from '../formatting/utf16.js';
import { MAX_MARKUP_DEPTH, tooDeep } from './html-tree.js';
import { customEmoji, linkText, richText, trimText } from './rich-text.js';
import type { ParsedBlocks, RichBlock, RichMediaSource, RichText } from './rich-types.js';

const PAIRED: Array<[string, string, string]> = [
  ['**', 'bold', 'Bold'],
  ['__', 'bold', 'Bold'],
  ['~~', 'strikethrough', 'Strikethrough'],
  ['||', 'spoiler', 'Spoiler'],
  ['==', 'marked', 'Marked'],
  ['*', 'italic', 'Italic'],
  ['_', 'italic', 'Italic'],
];
const PUNCTUATION = /[!-/:-@[-`{-~]/;

export function parseRichMarkdown(markdown: string): ParsedBlocks {
  if (markdown.includes('\0')) throw entityParseError('Text must not contain null bytes');
  const parser = new MarkdownBlocks(markdown);
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  // Each line's offset in the source, for error texts (the \r\n normalisation may shift them).
  const blocks = parser.blocks(lines, 0);
  return { blocks, media: parser.media, mentionedUserIds: parser.mentions };
}

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*```(.*)$/;
const DIVIDER = /^\s*([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^(\s*)([-*+])\s+(.*)$/;
const ORDERED = /^(\s*)(\d{1,9})[.)]\s+(.*)$/;
const CHECKBOX = /^\[([ xX])\]\s+(.*)$/;
/** A link to an entry of `InputRichMessage.media` (ADR 0088); other tg: images are inline (emoji, time). */
const MEDIA_LINK = /^tg:\/\/(?:photo|video|audio)\?/i;
const MEDIA_LINE = /^\s*!\[([^\]]*)\]\(\s*([^)\s]+)\s*\)\s*$/;
const REFERENCE_DEFINITION = /^\[\^([^\]\s]+)\]:\s*(.*)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;

class MarkdownBlocks {
  readonly media: RichMediaSource[] = [];
  readonly mentions: number[] = [];

  constructor(private readonly source: string) {}

  /** `base`: the source offset of the first line's text, for error texts (approximate in nested blocks). */
  blocks(lines: string[], base: number, depth = 0): RichBlock[] {
    if (depth > MAX_MARKUP_DEPTH) throw tooDeep();
    const blocks: RichBlock[] = [];
    let i = 0;
    let paragraph: string[] = [];
    const flush = () => {
      if (paragraph.length > 0) {
        const text = trimText(this.inline(paragraph.join('\n'), base));
        if (text !== '') blocks.push({ type: 'paragraph', text });
      }
      paragraph = [];
    };
    while (i < lines.length) {
      const line = lines[i]!;
      let match: RegExpMatchArray | null;
      if (line.trim() === '') {
        flush();
        i++;
      } else if ((match = line.match(FENCE))) {
        flush();
        const end = lines.findIndex((l, j) => j > i && /^\s*```\s*$/.test(l));
        if (end < 0)
          throw entityParseError(`Can't find end of Pre entity at byte offset ${this.offsetOf(line)}`);
        const language = match[1]!.trim();
        const text = lines.slice(i + 1, end).join('\n');
        blocks.push(language ? { type: 'pre', text, language } : { type: 'pre', text });
        i = end + 1;
      } else if (line.trim().startsWith('$$')) {
        flush();
        const first = line.trim().slice(2);
        if (first.endsWith('$$') && first.length >= 2) {
          blocks.push({ type: 'mathematical_expression', expression: first.slice(0, -2).trim() });
          i++;
          continue;
        }
        const end = lines.findIndex((l, j) => j > i && l.trim().endsWith('$$'));
        if (end < 0)
          throw entityParseError(`Can't find end of MathBlock entity at byte offset ${this.offsetOf(line)}`);
        const body = [first, ...lines.slice(i + 1, end), lines[end]!.trim().slice(0, -2)];
        blocks.push({ type: 'mathematical_expression', expression: body.join('\n').trim() });
        i = end + 1;
      } else if ((match = line.match(HEADING))) {
        flush();
        blocks.push({
          type: 'heading',
          text: trimText(this.inline(match[2]!, base)),
          size: match[1]!.length,
        });
        i++;
      } else if (DIVIDER.test(line) && !BULLET.test(line)) {
        flush();
        blocks.push({ type: 'divider' });
        i++;
      } else if (/^\s*>/.test(line)) {
        flush();
        const quoted: string[] = [];
        while (i < lines.length && /^\s*>/.test(lines[i]!)) quoted.push(lines[i++]!.replace(/^\s*> ?/, ''));
        blocks.push({ type: 'blockquote', blocks: this.blocks(quoted, base, depth + 1) });
      } else if (BULLET.test(line) || ORDERED.test(line)) {
        flush();
        i = this.list(lines, i, blocks, base, depth);
      } else if (line.trim().startsWith('|') && i + 1 < lines.length && TABLE_SEPARATOR.test(lines[i + 1]!)) {
        flush();
        const rows: string[] = [line];
        const separator = lines[i + 1]!;
        i += 2;
        while (i < lines.length && lines[i]!.trim().startsWith('|')) rows.push(lines[i++]!);
        blocks.push(this.table(rows, separator, base));
      } else if (
        (match = line.match(MEDIA_LINE)) &&
        (!/^tg:/i.test(match[2]!) || MEDIA_LINK.test(match[2]!))
      ) {
        flush();
        this.media.push({ request: 'any', src: match[2]! });
        const caption = trimText(this.inline(match[1]!, base));
        blocks.push({
          type: 'media',
          media: this.media.length - 1,
          ...(caption !== '' ? { caption: { text: caption } } : {}),
        });
        i++;
      } else if ((match = line.match(REFERENCE_DEFINITION))) {
        flush();
        const text = trimText(this.inline(match[2]!, base));
        blocks.push({ type: 'paragraph', text: { type: 'reference', text, name: match[1]! } });
        i++;
      } else {
        paragraph.push(line);
        i++;
      }
    }
    flush();
    return blocks;
  }

  /** A list starting at lines[start]; returns the index of the first line after it. */
  list(lines: string[], start: number, blocks: RichBlock[], base: number, depth: number): number {
    const ordered = ORDERED.test(lines[start]!);
    const pattern = ordered ? ORDERED : BULLET;
    const indent = lines[start]!.match(pattern)![1]!.length;
    const items: Array<Record<string, unknown>> = [];
    let i = start;
    while (i < lines.length) {
      const match = lines[i]!.match(pattern);
      if (!match || match[1]!.length !== indent) break;
      const body = [match[3]!];
      i++;
      // Continuation: indented lines (and blank lines followed by indented ones).
      while (i < lines.length) {
        const next = lines[i]!;
        const indented = next.length - next.trimStart().length >= indent + 2;
        if (next.trim() !== '' && indented) body.push(next.slice(indent + 2));
        else if (
          next.trim() === '' &&
          i + 1 < lines.length &&
          lines[i + 1]!.trim() !== '' &&
          lines[i + 1]!.length - lines[i + 1]!.trimStart().length >= indent + 2
        )
          body.push('');
        else break;
        i++;
      }
      const checkbox = body[0]!.match(CHECKBOX);
      if (checkbox) body[0] = checkbox[2]!;
      const item: Record<string, unknown> = {
        label: ordered ? `${match[2]!}.` : '•',
        blocks: this.blocks(body, base, depth + 1),
      };
      if (checkbox) {
        item.has_checkbox = true;
        if (checkbox[1] !== ' ') item.is_checked = true;
      }
      if (ordered) {
        item.value = Number(match[2]);
        item.type = '1';
      }
      items.push(item);
    }
    blocks.push({ type: 'list', items });
    return i;
  }

  table(rows: string[], separator: string, base: number): RichBlock {
    const split = (row: string) => {
      const cells = row
        .trim()
        .replace(/^\|/, '')
        .replace(/(?<!\\)\|$/, '')
        .split(/(?<!\\)\|/);
      return cells.map((cell) => cell.trim());
    };
    const aligns = split(separator).map((spec) =>
      spec.startsWith(':') && spec.endsWith(':') ? 'center' : spec.endsWith(':') ? 'right' : 'left',
    );
    const cells = rows.map((row, r) =>
      split(row).map((cell, c) => ({
        text: this.inline(cell, base),
        ...(r === 0 ? { is_header: true } : {}),
        align: aligns[c] ?? 'left',
        valign: 'top',
      })),
    );
    return { type: 'table', cells, is_bordered: true };
  }

  offsetOf(fragment: string): number {
    const at = this.source.indexOf(fragment);
    return utf8Offset(this.source, Math.max(0, at));
  }

  /** Inline Markdown of one block's text. */
  inline(text: string, base: number): RichText {
    // Link labels parse their own inline text: the nesting of those calls counts too.
    if (++this.inlineDepth > MAX_MARKUP_DEPTH) throw tooDeep();
    try {
      return this.inlineText(text, base);
    } finally {
      this.inlineDepth--;
    }
  }

  private inlineDepth = 0;

  private inlineText(text: string, _base: number): RichText {
    const errorOffset = (i: number) =>
      utf8Offset(this.source, Math.max(0, this.source.indexOf(text))) + utf8Offset(text, i);
    const parse = (from: number, closer: string | undefined, type: string, depth = 0): [RichText, number] => {
      if (depth > MAX_MARKUP_DEPTH) throw tooDeep();
      const parts: RichText[] = [];
      let plain = '';
      let i = from;
      const push = (part: RichText) => {
        parts.push(plain, part);
        plain = '';
      };
      while (i < text.length) {
        if (
          closer !== undefined &&
          text.startsWith(closer, i) &&
          !(closer === '_' && /\w/.test(text[i + 1] ?? ''))
        ) {
          parts.push(plain);
          return [richText(parts), i + closer.length];
        }
        const c = text[i]!;
        if (c === '\\' && i + 1 < text.length && PUNCTUATION.test(text[i + 1]!)) {
          plain += text[i + 1]!;
          i += 2;
          continue;
        }
        if (c === '`') {
          // As in CommonMark, a backtick that no other closes is a literal backtick.
          const end = text.indexOf('`', i + 1);
          if (end >= 0) {
            push({ type: 'code', text: text.slice(i + 1, end) });
            i = end + 1;
            continue;
          }
        }
        if (c === '$') {
          const end = mathEnd(text, i);
          if (end !== undefined) {
            push({ type: 'mathematical_expression', expression: text.slice(i + 1, end) });
            i = end + 1;
            continue;
          }
        }
        if (c === '[' || (c === '!' && text[i + 1] === '[')) {
          const link = this.link(text, i, errorOffset);
          if (link) {
            push(link.text);
            i = link.end;
            continue;
          }
        }
        const pair = PAIRED.find(([marker]) => text.startsWith(marker, i));
        // As in CommonMark: `_` inside a word and a marker followed by whitespace are literal.
        const wordInside = c === '_' && /\w/.test(text[i - 1] ?? '');
        const spaced = pair !== undefined && /\s|^$/.test(text[i + pair[0].length] ?? '');
        if (pair && !wordInside && !spaced && closer !== pair[0]) {
          const [marker, kind, name] = pair;
          const [inner, end] = parse(i + marker.length, marker, name, depth + 1);
          push({ type: kind, text: inner });
          i = end;
          continue;
        }
        plain += c;
        i++;
      }
      if (closer !== undefined) {
        throw entityParseError(
          `Can't find end of ${type} entity at byte offset ${errorOffset(from - closer.length)}`,
        );
      }
      parts.push(plain);
      return [richText(parts), i];
    };
    return parse(0, undefined, '')[0];
  }

  /** `[text](link)`, `[^name]`, `![alt](tg://emoji?id=...)` or `![text](tg://time?...)` at text[i]. */
  link(
    text: string,
    i: number,
    errorOffset: (i: number) => number,
  ): { text: RichText; end: number } | undefined {
    const image = text[i] === '!';
    const open = image ? i + 1 : i;
    if (!image && text[open + 1] === '^') {
      const close = text.indexOf(']', open);
      if (close < 0) return undefined;
      const name = text.slice(open + 2, close);
      if (name === '' || /\s/.test(name)) return undefined;
      return { text: { type: 'reference_link', text: name, reference_name: name }, end: close + 1 };
    }
    // The matching ']' (brackets may nest), then '(' url ')'.
    let depth = 0;
    let close = -1;
    for (let j = open; j < text.length; j++) {
      if (text[j] === '\\') j++;
      else if (text[j] === '[') depth++;
      else if (text[j] === ']' && --depth === 0) {
        close = j;
        break;
      }
    }
    if (close < 0 || text[close + 1] !== '(') return undefined;
    const urlEnd = text.indexOf(')', close + 2);
    if (urlEnd < 0)
      throw entityParseError(`Can't find end of a URL at byte offset ${errorOffset(close + 1)}`);
    const href = text.slice(close + 2, urlEnd).trim();
    const label = text.slice(open + 1, close);
    if (image) {
      const emoji = getLinkCustomEmojiId(href);
      if (emoji.ok) return { text: customEmoji(emoji.value, label), end: urlEnd + 1 };
      const date = getLinkFormattedDate(href);
      if (date.ok) {
        const inner = this.inline(label, 0);
        return {
          text: {
            type: 'date_time',
            text: inner,
            unix_time: date.value.unixTime,
            date_time_format: href.match(/[?&]format=([^&#]*)/)?.[1] ?? '',
          },
          end: urlEnd + 1,
        };
      }
      throw entityParseError('Invalid tg://emoji or tg://time URL specified');
    }
    return { text: linkText(href, this.inline(label, 0), this.mentions), end: urlEnd + 1 };
  }
}

/**
 * The closing `$` of inline math opened at text[open], as Pandoc's tex_math_dollars reads it (the
 * reference's rules are silent, ADR 0082): the opening `$` has a non-space on its right, the closing
 * one a non-space on its left and no digit on its right, so that prices ("Was $2,800, now $2,450")
 * stay text. Undefined when there is none: the `$` is then a literal dollar sign.
 */
function mathEnd(text: string, open: number): number | undefined {
  if (!/\S/.test(text[open + 1] ?? ' ')) return undefined;
  for (let end = text.indexOf('$', open + 2); end >= 0; end = text.indexOf('$', end + 1)) {
    if (text[end - 1] === '\\') continue;
    if (/\S/.test(text[end - 1]!) && !/\d/.test(text[end + 1] ?? '')) return end;
  }
  return undefined;
}
