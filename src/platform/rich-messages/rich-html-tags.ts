/**
 * The tags of rich-message HTML (ADR 0051) as the walker in rich-html.ts reads them: text formatting
 * tags with their entity types, the block tags of the reference JSON, which tags are void, and the
 * values their attributes take; and the labels of ordered list items.
 */
export const INLINE_SIMPLE: Record<string, string> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  cite: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  'tg-spoiler': 'spoiler',
  sub: 'subscript',
  sup: 'superscript',
  mark: 'marked',
  code: 'code',
};
const INLINE_OTHER = ['span', 'a', 'tg-emoji', 'tg-time', 'tg-math', 'tg-reference', 'br'];
const BLOCK_TAGS = [
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'footer',
  'hr',
  'tg-math-block',
  'ul',
  'ol',
  'li',
  'input',
  'blockquote',
  'aside',
  'tg-collage',
  'tg-slideshow',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'details',
  'summary',
  'tg-map',
  'img',
  'video',
  'audio',
  'figure',
  'figcaption',
  'tg-thinking',
];
export const SUPPORTED = new Set([...Object.keys(INLINE_SIMPLE), ...INLINE_OTHER, ...BLOCK_TAGS]);
export const VOID = new Set(['br', 'hr', 'img', 'input', 'tg-map']);
export const INLINE = new Set([...Object.keys(INLINE_SIMPLE), ...INLINE_OTHER]);
export const MEDIA_TAGS = new Set(['img', 'video', 'audio']);
export const ALIGN = ['left', 'center', 'right'];
export const VALIGN = ['top', 'middle', 'bottom'];
export const LIST_TYPES = ['1', 'a', 'A', 'i', 'I'];

/** The label of an ordered list item: 3 as "3", "c", "C", "iii" or "III". */
export function listLabel(value: number, type: string): string {
  if (type === 'a' || type === 'A') {
    if (value <= 0) return String(value);
    let label = '';
    for (let n = value; n > 0; n = Math.floor((n - 1) / 26))
      label = String.fromCharCode(97 + ((n - 1) % 26)) + label;
    return type === 'A' ? label.toUpperCase() : label;
  }
  if (type === 'i' || type === 'I') {
    if (value <= 0 || value >= 4000) return String(value);
    const numerals: Array<[number, string]> = [
      [1000, 'm'],
      [900, 'cm'],
      [500, 'd'],
      [400, 'cd'],
      [100, 'c'],
      [90, 'xc'],
      [50, 'l'],
      [40, 'xl'],
      [10, 'x'],
      [9, 'ix'],
      [5, 'v'],
      [4, 'iv'],
      [1, 'i'],
    ];
    let label = '';
    let n = value;
    for (const [size, letters] of numerals) {
      while (n >= size) {
        label += letters;
        n -= size;
      }
    }
    return type === 'I' ? label.toUpperCase() : label;
  }
  return String(value);
}
