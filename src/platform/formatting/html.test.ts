import { describe, expect, it } from 'vitest';
import { toMessageEntity } from './entity.js';
import { parseHtml } from './html.js';

const parse = (markup: string) => {
  const { text, entities } = parseHtml(markup);
  return { text, entities: entities.map(toMessageEntity) };
};
const failure = (markup: string) => {
  try {
    parseHtml(markup);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

// Expected values are those of TDLib's own parser tests (test/message_entities.cpp, check_parse_html).
describe('parseHtml errors', () => {
  it.each([
    ['🏟 🏟&lt;<abacaba', 'Unclosed start tag at byte offset 13'],
    ['🏟 🏟&lt;<abac aba>', 'Unsupported start tag "abac" at byte offset 13'],
    ['🏟 🏟&lt;<i   =aba>', 'Empty attribute name in the tag "i" at byte offset 13'],
    ['🏟 🏟&lt;<i    aba>', 'Can\'t find end tag corresponding to start tag "i"'],
    ['🏟 🏟&lt;<i    aba  =  ', 'Unclosed start tag "i" at byte offset 13'],
    ['🏟 🏟&lt;<i    aba  =  190azAz-.,', 'Unexpected end of name token at byte offset 27'],
    ['🏟 🏟&lt;<i    aba  =  "&lt;&gt;&quot;>', 'Unclosed start tag at byte offset 13'],
    ['🏟 🏟&lt;</', 'Unexpected end tag at byte offset 13'],
    ['🏟 🏟&lt;<b></b></', 'Unexpected end tag at byte offset 20'],
    ['🏟 🏟&lt;<i>a</i   ', 'Unclosed end tag at byte offset 17'],
    ['🏟 🏟&lt;<i>a</em   >', 'Unmatched end tag at byte offset 17, expected "</i>", found "</em>"'],
    ['<span class="x">a</span>', 'Tag "span" must have class "tg-spoiler" at byte offset 0'],
    ['<tg-emoji emoji-id="x">a</tg-emoji>', 'Invalid custom emoji identifier specified'],
    ['<tg-time unix="5" format="rt">a</tg-time>', 'Invalid date format used'],
    [
      '&#57311;',
      'Text contains invalid Unicode characters after decoding HTML entities, check for unmatched surrogate code units',
    ],
    ['a\0b', 'Text must not contain null bytes'],
  ])('%j', (markup, detail) => {
    expect(failure(markup)).toBe(`can't parse entities: ${detail}`);
  });
});

describe('parseHtml entities', () => {
  it('decodes the four named and all numeric references, leaving others literal', () => {
    expect(parse('&ge;&lt;&gt;&amp;&quot;&laquo;&#12345678;&#x1F600;&#65;&lt🏟')).toEqual({
      text: '&ge;<>&"&laquo;&#12345678;😀A<🏟',
      entities: [],
    });
  });
  it('reads tags case-insensitively and counts UTF-16 offsets', () => {
    expect(parse('🏟 🏟<I>🏟 &gt;<B aba   =   caba>&lt🏟</b></i>')).toEqual({
      text: '🏟 🏟🏟 ><🏟',
      entities: [
        { type: 'italic', offset: 5, length: 7 },
        { type: 'bold', offset: 9, length: 3 },
      ],
    });
  });
  it.each([
    ['<strong>x</strong>', 'bold'],
    ['<em>x</em>', 'italic'],
    ['<ins>x</ins>', 'underline'],
    ['<del>x</del>', 'strikethrough'],
    ['<strike>x</strike>', 'strikethrough'],
    ['<tg-spoiler>x</tg-spoiler>', 'spoiler'],
    ['<span class="tg-spoiler">x</span>', 'spoiler'],
    ['<blockquote>x</blockquote>', 'blockquote'],
    ['<blockquote expandable>x</blockquote>', 'expandable_blockquote'],
    ['<code>x</code>', 'code'],
  ])('%s', (markup, type) => {
    expect(parse(markup).entities).toEqual([{ type, offset: 0, length: 1 }]);
  });
  it('reads links, mentions, custom emoji and dates', () => {
    expect(parse("<a   href=  'telegram.org?&lt;'   > </a>").entities).toEqual([
      { type: 'text_link', offset: 0, length: 1, url: 'http://telegram.org/?<' },
    ]);
    expect(parse('<a>telegram.org</a><a>telegram.org </a>').entities).toEqual([
      { type: 'text_link', offset: 0, length: 12, url: 'http://telegram.org/' },
    ]);
    expect(parse('<a href="tg://user?id=42">Ann</a>').entities).toEqual([
      { type: 'text_mention', offset: 0, length: 3, user: { id: 42 } },
    ]);
    expect(parse('<tg-emoji emoji-id="5368324170671202286">👍</tg-emoji>').entities).toEqual([
      { type: 'custom_emoji', offset: 0, length: 2, custom_emoji_id: '5368324170671202286' },
    ]);
    expect(parse('<tg-time unix="1647531900" format="wDT">x</tg-time>').entities).toEqual([
      { type: 'date_time', offset: 0, length: 1, unix_time: 1647531900, date_time_format: 'wDT' },
    ]);
    expect(parse('<tg-time format="r">x</tg-time>').entities).toEqual([]);
  });
  it('gives pre a language only through a nested code tag', () => {
    expect(parse('<pre><code class="language-fift">a</code></pre>').entities).toEqual([
      { type: 'pre', offset: 0, length: 1, language: 'fift' },
    ]);
    expect(parse('<code class="language-fift"><pre>a</></>').entities).toEqual([
      { type: 'pre', offset: 0, length: 1, language: 'fift' },
    ]);
    expect(parse('<pre><code class="language-fift">a</> </>').entities).toEqual([
      { type: 'pre', offset: 0, length: 2 },
      { type: 'code', offset: 0, length: 1 },
    ]);
    expect(parse('<code class="language-js">a</code>').entities).toEqual([
      { type: 'code', offset: 0, length: 1 },
    ]);
  });
  it('ignores unknown attributes and drops empty tags', () => {
    expect(parse('<blockquote   cite="" askdlbas nasjdbaj nj12b3>a&lt;<pre  >b;</></>')).toEqual({
      text: 'a<b;',
      entities: [
        { type: 'blockquote', offset: 0, length: 4 },
        { type: 'pre', offset: 2, length: 2 },
      ],
    });
    expect(parse('🏟 🏟&lt;<b></b>')).toEqual({ text: '🏟 🏟<', entities: [] });
  });
});
