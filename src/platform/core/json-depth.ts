/**
 * How deeply a JSON text nests, found in one pass without recursion. `JSON.parse` reads any depth
 * (V8's parser is iterative), but `JSON.stringify` and every walk over the value recurse: 5,000
 * nested arrays overflow the stack. Each surface refuses deeper input before it recurses, as the
 * reference's decoder does (TDLib `json_decode`, `DEFAULT_MAX_DEPTH = 100`).
 */

/**
 * Arrays and objects one inside another that a request may carry: the reference's limit. No value
 * of the Bot API or the gateway comes near it (an inline keyboard in an inline query result, among
 * the deepest, is 6 levels).
 */
export const MAX_JSON_DEPTH = 100;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Whether `text` opens more than `max` arrays or objects one inside another; brackets inside
 * strings do not count. For text that is not JSON the answer means nothing, and is harmless: the
 * text is refused by `JSON.parse` either way.
 */
export function nestedDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  const length = text.length;
  // Valid JSON this deep holds at least max + 1 openers and as many closers: short text is done.
  if (length < 2 * (max + 1)) return false;
  let depth = 0;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) i = stringEnd(text, i);
    else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      if (++depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) depth--;
  }
  return false;
}

/** The index of the quote closing the string opened at `open` (the text's length if none). */
function stringEnd(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1);
  while (quote >= 0) {
    // A quote preceded by an odd number of backslashes is escaped.
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}
