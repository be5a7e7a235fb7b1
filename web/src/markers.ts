/**
 * The composer's formatting markers (docs/web-client.md "Formatting"), as a messaging app's desktop
 * client reads them: the text the person typed becomes plain text and MessageEntity objects, which
 * the page sends (POST /web/api/messages `entities`; the server checks them as the Bot API checks
 * `entities` and adds the links, mentions and commands it detects).
 *
 * | marker              | entity        |
 * | ------------------- | ------------- |
 * | `**bold**`          | bold          |
 * | `__italic__`        | italic        |
 * | `~~struck~~`        | strikethrough |
 * | `\|\|hidden\|\|`    | spoiler       |
 * | `` `code` ``        | code          |
 * | ```` ```lang\n…``` ```` | pre (language: a first line of one word) |
 * | `[text](url)`       | text_link     |
 *
 * Rules: a pair of markers formats only what is between them when it is not empty and neither
 * starts nor ends with white space (so `a || b || c` stays as typed); markers nest (`**bold
 * __both__**`), except inside code; a marker without its closing one stays as typed; a backslash
 * before a marker character keeps that character (`\*\*` is `**`). Offsets count UTF-16 code units.
 */

export interface MarkedEntity {
  type: 'bold' | 'italic' | 'strikethrough' | 'spoiler' | 'code' | 'pre' | 'text_link';
  offset: number;
  length: number;
  url?: string;
  language?: string;
}

export interface Marked {
  text: string;
  entities: MarkedEntity[];
}

/** The markers that come in pairs, with their entity. */
export const PAIRS: ReadonlyArray<readonly [string, MarkedEntity['type']]> = [
  ['**', 'bold'],
  ['__', 'italic'],
  ['~~', 'strikethrough'],
  ['||', 'spoiler'],
];

/** Characters a backslash keeps as typed. */
const ESCAPABLE = '\\*_~|`[]()';
const SPACE = /\s/;

class Builder {
  text = '';
  entities: MarkedEntity[] = [];

  save(): [number, number] {
    return [this.text.length, this.entities.length];
  }

  restore([length, count]: [number, number]): void {
    this.text = this.text.slice(0, length);
    this.entities.length = count;
  }
}

/** `text` with its markers read: the plain text and its entities. */
export function parseMarkers(text: string): Marked {
  const out = new Builder();
  run(text, 0, undefined, out);
  return { text: out.text, entities: out.entities };
}

/**
 * Reads `src` from `start` into `out` until `stop` closes (answers the index after it), or to the
 * end without a `stop` (answers the end); undefined when `stop` never closes.
 */
function run(src: string, start: number, stop: string | undefined, out: Builder): number | undefined {
  let i = start;
  while (i < src.length) {
    if (stop !== undefined && src.startsWith(stop, i) && i > start) {
      // A pair's closing marker follows its text directly; a link's `]` closes anyway.
      if (stop === ']' || !SPACE.test(src[i - 1]!)) return i + stop.length;
    }
    const next = special(src, i, stop, out);
    if (next !== undefined) {
      i = next;
      continue;
    }
    out.text += src[i];
    i++;
  }
  return stop === undefined ? i : undefined;
}

/** Reads the marker at `i`, if one starts there and is well formed; answers the index after it. */
function special(src: string, i: number, stop: string | undefined, out: Builder): number | undefined {
  const char = src[i]!;
  if (char === '\\' && i + 1 < src.length && ESCAPABLE.includes(src[i + 1]!)) {
    out.text += src[i + 1];
    return i + 2;
  }
  if (src.startsWith('```', i)) return pre(src, i, out);
  if (char === '`') return code(src, i, out);
  if (char === '[') return link(src, i, out);
  const pair = PAIRS.find(([marker]) => marker !== stop && src.startsWith(marker, i));
  if (!pair) return undefined;
  const [marker, type] = pair;
  const inner = i + marker.length;
  if (inner >= src.length || SPACE.test(src[inner]!) || !src.includes(marker, inner + 1)) return undefined;
  const saved = out.save();
  const offset = out.text.length;
  const end = run(src, inner, marker, out);
  if (end === undefined || out.text.length === offset) {
    out.restore(saved);
    // The marker stays as typed (both of its characters, so `***` is not read again as `**`).
    out.text += marker;
    return inner;
  }
  out.entities.push({ type, offset, length: out.text.length - offset });
  return end;
}

function code(src: string, i: number, out: Builder): number | undefined {
  const close = src.indexOf('`', i + 1);
  if (close <= i + 1) return undefined;
  const offset = out.text.length;
  out.text += src.slice(i + 1, close);
  out.entities.push({ type: 'code', offset, length: close - i - 1 });
  return close + 1;
}

function pre(src: string, i: number, out: Builder): number | undefined {
  const close = src.indexOf('```', i + 3);
  if (close < 0) return undefined;
  let body = src.slice(i + 3, close);
  const language = /^([\w+#.-]+)\n/.exec(body);
  if (language) body = body.slice(language[0].length);
  else if (body.startsWith('\n')) body = body.slice(1);
  if (body.endsWith('\n')) body = body.slice(0, -1);
  if (body === '') return undefined;
  const offset = out.text.length;
  out.text += body;
  out.entities.push({
    type: 'pre',
    offset,
    length: body.length,
    ...(language ? { language: language[1]! } : {}),
  });
  return close + 3;
}

/** `[text](url)`: the text may carry markers; the URL has no white space. */
function link(src: string, i: number, out: Builder): number | undefined {
  if (!src.includes('](', i + 1)) return undefined;
  const saved = out.save();
  const offset = out.text.length;
  const end = run(src, i + 1, ']', out);
  const close = end === undefined ? -1 : src.indexOf(')', end);
  const url = end === undefined || src[end] !== '(' ? '' : src.slice(end + 1, close);
  if (end === undefined || close < 0 || url === '' || SPACE.test(url) || out.text.length === offset) {
    out.restore(saved);
    return undefined;
  }
  out.entities.push({ type: 'text_link', offset, length: out.text.length - offset, url });
  return close + 1;
}

/**
 * The composer's toolbar: `text` with the selection [from, to) wrapped in `marker` (a link:
 * `[selection](url)`), and the new selection (the wrapped text; for a link, its `url`).
 */
export function wrapSelection(
  text: string,
  from: number,
  to: number,
  marker: string | 'link',
): { text: string; from: number; to: number } {
  const selected = text.slice(from, to);
  if (marker === 'link') {
    const label = selected === '' ? 'link' : selected;
    const next = `${text.slice(0, from)}[${label}](url)${text.slice(to)}`;
    const urlAt = from + label.length + 3;
    return { text: next, from: urlAt, to: urlAt + 3 };
  }
  const next = `${text.slice(0, from)}${marker}${selected}${marker}${text.slice(to)}`;
  return { text: next, from: from + marker.length, to: to + marker.length };
}
