import { describe, expect, it } from 'vitest';
import { toMessageEntity } from './entity.js';
import { parseMarkdown } from './markdown.js';

const parse = (markup: string) => {
  const { text, entities } = parseMarkdown(markup);
  return { text, entities: entities.map(toMessageEntity) };
};

describe('parseMarkdown (legacy)', () => {
  it('reads bold, italic, code, pre and links', () => {
    expect(parse('*b* _i_ `c` ```js\nlet x = 1``` [l](http://t.me) [m](tg://user?id=5)')).toEqual({
      text: 'b i c let x = 1 l m',
      entities: [
        { type: 'bold', offset: 0, length: 1 },
        { type: 'italic', offset: 2, length: 1 },
        { type: 'code', offset: 4, length: 1 },
        { type: 'pre', offset: 6, length: 9, language: 'js' },
        { type: 'text_link', offset: 16, length: 1, url: 'http://t.me/' },
        { type: 'text_mention', offset: 18, length: 1, user: { id: 5 } },
      ],
    });
  });
  it('counts astral characters as two UTF-16 units', () => {
    expect(parse('😀 *x*').entities).toEqual([{ type: 'bold', offset: 3, length: 1 }]);
  });
  it('escapes only _ * ` [ outside entities and does not nest', () => {
    expect(parse('\\_\\*\\`\\[ \\.')).toEqual({ text: '_*`[ \\.', entities: [] });
    expect(parse('*a _b_ c*')).toEqual({
      text: 'a _b_ c',
      entities: [{ type: 'bold', offset: 0, length: 7 }],
    });
    expect(parse('_snake_\\__case_')).toEqual({
      text: 'snake_case',
      entities: [
        { type: 'italic', offset: 0, length: 5 },
        { type: 'italic', offset: 6, length: 4 },
      ],
    });
  });
  it('reports the byte offset of an unclosed entity', () => {
    expect(() => parseMarkdown('😀 *x')).toThrow(
      "can't parse entities: Can't find end of the entity starting at byte offset 5",
    );
    expect(() => parseMarkdown('_a\\_b_')).toThrow("Can't find end of the entity starting at byte offset 5");
  });
  it('takes the URL of a bare [link] from the compacted buffer, as TDLib does', () => {
    expect(parse('[telegram.org]').entities).toEqual([
      { type: 'text_link', offset: 0, length: 12, url: 'http://elegram.orgg/' },
    ]);
  });
});
