/**
 * The tokenizer of rich-message HTML: text and tags into a tree, with TDLib's parse_html error
 * texts (reference §7.3) for malformed markup. Tags are case-insensitive; attribute values may be
 * quoted or bare name tokens; only &lt; &gt; &amp; &quot; and numeric character references are
 * decoded, anything else starting with '&' stays literal. Which tags exist is the caller's list.
 */
import { asciiLower, isAlnum, isAlpha, isDigit, isHexDigit, isSpace } from '../formatting/char-classes.js';
import { entityParseError, tdlibError } from '../formatting/formatting-error.js';
import { utf8Offset } from '../formatting/utf16.js';

export interface HtmlText {
  kind: 'text';
  value: string;
}

export interface HtmlElement {
  kind: 'element';
  name: string;
  attributes: Map<string, string>;
  children: HtmlNode[];
  /** UTF-8 byte offset of the start tag, for error texts. */
  offset: number;
}

export type HtmlNode = HtmlText | HtmlElement;

/**
 * Markup nested deeper than this is refused while parsing, so that the recursive passes after it
 * stay shallow; the message's own limit (16 levels, rich-message.ts) is checked on the result.
 */
export const MAX_MARKUP_DEPTH = 64;
export const tooDeep = () => tdlibError('Rich message nesting is too deep');

const NAMED_REFERENCES = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
]);

/**
 * Parses `input` into a tree under a root element named ''. `voidTags` never have content or an
 * end tag; any tag may also close itself with "/>".
 */
export function parseHtmlTree(input: string, supported: ReadonlySet<string>, voidTags: ReadonlySet<string>) {
  if (input.includes('\0')) throw entityParseError('Text must not contain null bytes');
  const size = input.length;
  const at = (i: number): string => (i < size ? input[i]! : '\0');
  const byteOffset = (i: number) => utf8Offset(input, i);
  const root: HtmlElement = { kind: 'element', name: '', attributes: new Map(), children: [], offset: 0 };
  const stack: HtmlElement[] = [root];
  let text = '';
  const flush = () => {
    if (text !== '') stack.at(-1)!.children.push({ kind: 'text', value: text });
    text = '';
  };

  for (let i = 0; i < size; i++) {
    const c = input[i]!;
    if (c === '&') {
      const reference = decodeReference(input, i);
      if (reference !== undefined) {
        text += reference.value;
        i = reference.end - 1;
        continue;
      }
    }
    if (c !== '<') {
      text += c;
      continue;
    }
    flush();
    const begin = i++;
    if (at(i) !== '/') {
      while (!isSpace(at(i)) && at(i) !== '>' && !(at(i) === '/' && at(i + 1) === '>')) i++;
      if (at(i) === '\0') throw entityParseError(`Unclosed start tag at byte offset ${byteOffset(begin)}`);
      const name = asciiLower(input.slice(begin + 1, i));
      if (!supported.has(name)) {
        throw entityParseError(`Unsupported start tag "${name}" at byte offset ${byteOffset(begin)}`);
      }
      const unclosed = () =>
        entityParseError(`Unclosed start tag "${name}" at byte offset ${byteOffset(begin)}`);
      const attributes = new Map<string, string>();
      let selfClosing = false;
      while (at(i) !== '>') {
        while (at(i) !== '\0' && isSpace(at(i))) i++;
        if (at(i) === '>') break;
        if (at(i) === '/' && at(i + 1) === '>') {
          selfClosing = true;
          i++;
          break;
        }
        const attributeBegin = i;
        while (!isSpace(at(i)) && !'=>/"\''.includes(at(i))) i++;
        const attribute = asciiLower(input.slice(attributeBegin, i));
        if (attribute === '') {
          throw entityParseError(
            `Empty attribute name in the tag "${name}" at byte offset ${byteOffset(begin)}`,
          );
        }
        while (at(i) !== '\0' && isSpace(at(i))) i++;
        if (at(i) !== '=') {
          if (at(i) === '\0') throw unclosed();
          attributes.set(attribute, '');
          continue;
        }
        i++;
        while (at(i) !== '\0' && isSpace(at(i))) i++;
        if (at(i) === '\0') throw unclosed();
        let value = '';
        if (at(i) !== "'" && at(i) !== '"') {
          // A bare value is an HTML name token: letters, digits, '.', '-' (and '_' for names).
          const tokenBegin = i;
          while (isAlnum(at(i)) || at(i) === '.' || at(i) === '-' || at(i) === '_') i++;
          value = input.slice(tokenBegin, i);
          if (!isSpace(at(i)) && at(i) !== '>' && !(at(i) === '/' && at(i + 1) === '>')) {
            throw entityParseError(`Unexpected end of name token at byte offset ${byteOffset(tokenBegin)}`);
          }
        } else {
          const quote = input[i++]!;
          while (at(i) !== quote && at(i) !== '\0') {
            const reference = input[i] === '&' ? decodeReference(input, i) : undefined;
            if (reference !== undefined) {
              value += reference.value;
              i = reference.end;
            } else value += input[i++]!;
          }
          if (at(i) === quote) i++;
        }
        if (at(i) === '\0') throw entityParseError(`Unclosed start tag at byte offset ${byteOffset(begin)}`);
        attributes.set(attribute, value);
      }
      const element: HtmlElement = {
        kind: 'element',
        name,
        attributes,
        children: [],
        offset: byteOffset(begin),
      };
      stack.at(-1)!.children.push(element);
      if (!selfClosing && !voidTags.has(name)) {
        if (stack.length > MAX_MARKUP_DEPTH) throw tooDeep();
        stack.push(element);
      }
      continue;
    }

    // An end tag; its name may be omitted ("</>"). End tags of void elements are ignored.
    while (!isSpace(at(i)) && at(i) !== '>' && at(i) !== '\0') i++;
    const endName = asciiLower(input.slice(begin + 2, i));
    while (isSpace(at(i))) i++;
    if (at(i) !== '>') throw entityParseError(`Unclosed end tag at byte offset ${byteOffset(begin)}`);
    if (voidTags.has(endName)) continue;
    if (stack.length === 1) throw entityParseError(`Unexpected end tag at byte offset ${byteOffset(begin)}`);
    const open = stack.at(-1)!;
    if (endName !== '' && endName !== open.name) {
      throw entityParseError(
        `Unmatched end tag at byte offset ${byteOffset(begin)}, expected "</${open.name}>", found "</${endName}>"`,
      );
    }
    stack.pop();
  }
  flush();
  const unclosed = stack.at(-1)!;
  if (unclosed !== root) {
    throw entityParseError(`Can't find end tag corresponding to start tag "${unclosed.name}"`);
  }
  return root;
}

/** The text of a node and its descendants, tags left out. */
export function textContent(node: HtmlNode): string {
  return node.kind === 'text' ? node.value : node.children.map(textContent).join('');
}

/** A character reference at text[position] ('&'): its text and where it ends. */
function decodeReference(text: string, position: number): { value: string; end: number } | undefined {
  const at = (i: number): string => (i < text.length ? text[i]! : '\0');
  let end = position + 1;
  let value: string;
  if (at(position + 1) === '#') {
    end++;
    let code = 0;
    if (at(position + 2) === 'x') {
      end++;
      while (isHexDigit(at(end))) code = code * 16 + parseInt(at(end++), 16);
    } else {
      while (isDigit(at(end))) code = code * 10 + (at(end++).charCodeAt(0) - 48);
    }
    if (code === 0 || code >= 0x10ffff || end - position >= 10) return undefined;
    if (code >= 0xd800 && code <= 0xdfff) {
      throw entityParseError(
        'Text contains invalid Unicode characters after decoding HTML entities, check for unmatched surrogate code units',
      );
    }
    value = String.fromCodePoint(code);
  } else {
    while (isAlpha(at(end))) end++;
    const named = NAMED_REFERENCES.get(text.slice(position + 1, end));
    if (named === undefined) return undefined;
    value = named;
  }
  if (at(end) === ';') end++;
  return { value, end };
}
