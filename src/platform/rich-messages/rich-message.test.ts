import { describe, expect, it } from 'vitest';
import { FormattingError } from '../formatting/formatting-error.js';
import { listLabel } from './rich-html.js';
import { parseRichMessage, withMedia } from './rich-message.js';

const html = (source: string, drafts = false) => parseRichMessage({ html: source }, { drafts });
const md = (source: string) => parseRichMessage({ markdown: source }, { drafts: false });
const failure = (f: () => unknown): string => {
  try {
    f();
  } catch (error) {
    if (error instanceof FormattingError) return error.message;
    throw error;
  }
  throw new Error('no error');
};

describe('rich message HTML', () => {
  it('turns block tags into blocks and inline tags into rich text', () => {
    const { message } = html(
      '<h2>Title</h2>\n<p>plain <b>loud <i>soft</i></b> <mark>hot</mark> x<sub>2</sub> <tg-math>e^x</tg-math></p>' +
        '<pre><code class="language-ts">let a = 1;</code></pre><hr/><tg-math-block>E = mc^2</tg-math-block>' +
        '<footer>fin</footer>',
    );
    expect(message.blocks).toEqual([
      { type: 'heading', text: 'Title', size: 2 },
      {
        type: 'paragraph',
        text: [
          'plain ',
          { type: 'bold', text: ['loud ', { type: 'italic', text: 'soft' }] },
          ' ',
          { type: 'marked', text: 'hot' },
          ' x',
          { type: 'subscript', text: '2' },
          ' ',
          { type: 'mathematical_expression', expression: 'e^x' },
        ],
      },
      { type: 'pre', text: 'let a = 1;', language: 'ts' },
      { type: 'divider' },
      { type: 'mathematical_expression', expression: 'E = mc^2' },
      { type: 'footer', text: 'fin' },
    ]);
  });

  it('reads lists, tables, quotations, details, anchors and references', () => {
    const { message } = html(
      '<a name="top"></a><ol start="3" type="i"><li>three</li><li><input type="checkbox" checked>four</li></ol>' +
        '<ul><li><p>dot</p></li></ul>' +
        '<table bordered><caption>T</caption><tr><th>A</th><th align="right">B</th></tr><tr><td colspan="2">ab</td></tr></table>' +
        '<blockquote><p>wise</p><cite>sage</cite></blockquote><aside>pulled</aside>' +
        '<details open><summary>More</summary><p>inside<a href="#n">1</a> <a href="#top">up</a></p></details>' +
        '<p><tg-reference name="n">the note</tg-reference></p>',
    );
    expect(message.blocks).toEqual([
      { type: 'anchor', name: 'top' },
      {
        type: 'list',
        items: [
          { label: 'iii.', blocks: [{ type: 'paragraph', text: 'three' }], value: 3, type: 'i' },
          {
            label: 'iv.',
            blocks: [{ type: 'paragraph', text: 'four' }],
            has_checkbox: true,
            is_checked: true,
            value: 4,
            type: 'i',
          },
        ],
      },
      { type: 'list', items: [{ label: '•', blocks: [{ type: 'paragraph', text: 'dot' }] }] },
      {
        type: 'table',
        cells: [
          [
            { text: 'A', is_header: true, align: 'left', valign: 'top' },
            { text: 'B', is_header: true, align: 'right', valign: 'top' },
          ],
          [{ text: 'ab', colspan: 2, align: 'left', valign: 'top' }],
        ],
        is_bordered: true,
        caption: 'T',
      },
      { type: 'blockquote', blocks: [{ type: 'paragraph', text: 'wise' }], credit: 'sage' },
      { type: 'pullquote', text: 'pulled' },
      {
        type: 'details',
        summary: 'More',
        blocks: [
          {
            type: 'paragraph',
            text: [
              'inside',
              { type: 'reference_link', text: '1', reference_name: 'n' },
              ' ',
              { type: 'anchor_link', text: 'up', anchor_name: 'top' },
            ],
          },
        ],
        is_open: true,
      },
      { type: 'paragraph', text: { type: 'reference', text: 'the note', name: 'n' } },
    ]);
  });

  it('finds entities in plain text unless told not to', () => {
    const text = '<p>mail a@b.co or see https://example.com #tag</p><p><code>@nobody_here</code></p>';
    expect(html(text).message.blocks).toEqual([
      {
        type: 'paragraph',
        text: [
          'mail ',
          { type: 'email_address', text: 'a@b.co', email_address: 'a@b.co' },
          ' or see ',
          { type: 'url', text: 'https://example.com', url: 'https://example.com' },
          ' ',
          { type: 'hashtag', text: '#tag', hashtag: 'tag' },
        ],
      },
      { type: 'paragraph', text: { type: 'code', text: '@nobody_here' } },
    ]);
    const skipped = parseRichMessage({ html: text, skipEntityDetection: true }, { drafts: false });
    expect(skipped.message.blocks[0]).toEqual({
      type: 'paragraph',
      text: 'mail a@b.co or see https://example.com #tag',
    });
  });

  it('leaves media as placeholders until their files are known', () => {
    const parsed = html(
      '<figure><img src="https://example.com/a.jpg" tg-spoiler/><figcaption>cap<cite>me</cite></figcaption></figure>' +
        '<tg-collage><video src="vid" autoplay></video><audio src="v" voice></audio></tg-collage>',
    );
    expect(parsed.media).toEqual([
      { request: 'photo', src: 'https://example.com/a.jpg' },
      { request: 'animation', src: 'vid' },
      { request: 'voice_note', src: 'v' },
    ]);
    const blocks = withMedia(parsed.message.blocks, [
      { type: 'photo', photo: ['P'] },
      { type: 'animation', animation: 'A' },
      { type: 'voice_note', voice_note: 'V' },
    ]);
    expect(blocks).toEqual([
      { type: 'photo', photo: ['P'], has_spoiler: true, caption: { text: 'cap', credit: 'me' } },
      {
        type: 'collage',
        blocks: [
          { type: 'animation', animation: 'A' },
          { type: 'voice_note', voice_note: 'V' },
        ],
      },
    ]);
  });

  it('answers malformed markup with the parser texts', () => {
    expect(failure(() => html('<p>open'))).toBe(
      `can't parse entities: Can't find end tag corresponding to start tag "p"`,
    );
    expect(failure(() => html('<p><b>x</i></p>'))).toBe(
      `can't parse entities: Unmatched end tag at byte offset 7, expected "</b>", found "</i>"`,
    );
    expect(failure(() => html('<blink>x</blink>'))).toBe(
      `can't parse entities: Unsupported start tag "blink" at byte offset 0`,
    );
    expect(failure(() => html('<tg-thinking>hmm</tg-thinking>'))).toBe(
      "can't parse entities: Thinking blocks can be used only in message drafts",
    );
    expect(html('<tg-thinking>hmm</tg-thinking>', true).message.blocks).toEqual([
      { type: 'thinking', text: 'hmm' },
    ]);
    expect(failure(() => html('<p><tg-emoji emoji-id="x">👍</tg-emoji></p>'))).toBe(
      "can't parse entities: Invalid custom emoji identifier specified",
    );
    expect(failure(() => html('  '))).toBe('message must be non-empty');
    expect(failure(() => html(`<table><tr>${'<td>x</td>'.repeat(21)}</tr></table>`))).toBe(
      'too many table columns',
    );
    expect(failure(() => html('<p>x</p>'.repeat(501)))).toBe('rich message has too many blocks');
    expect(failure(() => html(`<p>${'x'.repeat(32_769)}</p>`))).toBe('rich message is too long');
    // Nesting: the limit of 16 levels, and markup far deeper refused while parsing (no stack overflow).
    expect(failure(() => html(`${'<b>'.repeat(20)}x${'</b>'.repeat(20)}`))).toBe(
      'rich message nesting is too deep',
    );
    expect(html(`${'<b>'.repeat(10)}x${'</b>'.repeat(10)}`).message.blocks).toHaveLength(1);
    expect(failure(() => html('<blockquote>'.repeat(50_000)))).toBe('rich message nesting is too deep');
    expect(failure(() => md('>'.repeat(50_000) + ' x'))).toBe('rich message nesting is too deep');
  });
});

describe('rich message Markdown', () => {
  it('turns lines into blocks and markers into rich text', () => {
    const { message, media } = md(
      [
        '# Title',
        'some **bold _and italic_** text, ~~gone~~ ==hot== ||secret|| `code` $x^2$',
        'second line with [a link](https://example.com) and snake_case_name',
        '',
        '- [x] done',
        '- [ ] todo',
        '  1. nested',
        '',
        '> quoted',
        '',
        '| A | B |',
        '|:-:|--:|',
        '| a | b |',
        '',
        '```py',
        'print(1)',
        '```',
        '$$',
        'E = mc^2',
        '$$',
        '---',
        '![a picture](https://example.com/p.jpg)',
        'See[^1]',
        '[^1]: the note',
      ].join('\n'),
    );
    expect(message.blocks).toEqual([
      { type: 'heading', text: 'Title', size: 1 },
      {
        type: 'paragraph',
        text: [
          'some ',
          { type: 'bold', text: ['bold ', { type: 'italic', text: 'and italic' }] },
          ' text, ',
          { type: 'strikethrough', text: 'gone' },
          ' ',
          { type: 'marked', text: 'hot' },
          ' ',
          { type: 'spoiler', text: 'secret' },
          ' ',
          { type: 'code', text: 'code' },
          ' ',
          { type: 'mathematical_expression', expression: 'x^2' },
          '\nsecond line with ',
          { type: 'url', text: 'a link', url: 'https://example.com/' },
          ' and snake_case_name',
        ],
      },
      {
        type: 'list',
        items: [
          { label: '•', blocks: [{ type: 'paragraph', text: 'done' }], has_checkbox: true, is_checked: true },
          {
            label: '•',
            blocks: [
              { type: 'paragraph', text: 'todo' },
              {
                type: 'list',
                items: [
                  { label: '1.', blocks: [{ type: 'paragraph', text: 'nested' }], value: 1, type: '1' },
                ],
              },
            ],
            has_checkbox: true,
          },
        ],
      },
      { type: 'blockquote', blocks: [{ type: 'paragraph', text: 'quoted' }] },
      {
        type: 'table',
        cells: [
          [
            { text: 'A', is_header: true, align: 'center', valign: 'top' },
            { text: 'B', is_header: true, align: 'right', valign: 'top' },
          ],
          [
            { text: 'a', align: 'center', valign: 'top' },
            { text: 'b', align: 'right', valign: 'top' },
          ],
        ],
        is_bordered: true,
      },
      { type: 'pre', text: 'print(1)', language: 'py' },
      { type: 'mathematical_expression', expression: 'E = mc^2' },
      { type: 'divider' },
      { type: 'media', media: 0, caption: { text: 'a picture' } },
      { type: 'paragraph', text: ['See', { type: 'reference_link', text: '1', reference_name: '1' }] },
      { type: 'paragraph', text: { type: 'reference', text: 'the note', name: '1' } },
    ]);
    expect(media).toEqual([{ request: 'any', src: 'https://example.com/p.jpg' }]);
  });

  it('refuses unclosed markers', () => {
    expect(failure(() => md('some **bold'))).toBe(
      "can't parse entities: Can't find end of Bold entity at byte offset 5",
    );
    expect(failure(() => md('```\ncode'))).toBe(
      "can't parse entities: Can't find end of Pre entity at byte offset 0",
    );
    expect(md('a \\*literal\\* star').message.blocks).toEqual([
      { type: 'paragraph', text: 'a *literal* star' },
    ]);
    // Ordinary text: dollar prices (Pandoc's rule for `$`) and a lone backtick stay text.
    expect(md('Was $2,800. New total: **$2,450**.').message.blocks).toEqual([
      { type: 'paragraph', text: ['Was $2,800. New total: ', { type: 'bold', text: '$2,450' }, '.'] },
    ]);
    expect(md('between $5 and $10, or $ 3; a lone ` backtick').message.blocks).toEqual([
      { type: 'paragraph', text: 'between $5 and $10, or $ 3; a lone ` backtick' },
    ]);
    expect(md('math $x^2$ and $a$5 then `code`').message.blocks).toEqual([
      {
        type: 'paragraph',
        text: [
          'math ',
          { type: 'mathematical_expression', expression: 'x^2' },
          ' and $a$5 then ',
          { type: 'code', text: 'code' },
        ],
      },
    ]);
    expect(md('2 * 3 = 6 and snake_case').message.blocks).toEqual([
      { type: 'paragraph', text: '2 * 3 = 6 and snake_case' },
    ]);
  });
});

describe('list labels', () => {
  it('count in letters and Roman numerals', () => {
    expect([listLabel(28, 'a'), listLabel(3, 'A'), listLabel(14, 'I'), listLabel(7, '1')]).toEqual([
      'ab',
      'C',
      'XIV',
      '7',
    ]);
  });
});

const photo = { type: 'photo', media: 'https://example.com/p.png' };
const voice = { type: 'voice_note', media: 'attach://v', duration: 3 };
const media = new Map([
  ['pic', photo],
  ['memo', voice],
]);
const parseLinked = (input: { html: string } | { markdown: string }) =>
  parseRichMessage({ ...input, media }, { drafts: false });

describe('tg:// media links (ADR 0088)', () => {
  it('name entries of the media list from HTML and Markdown', () => {
    const fromHtml = parseLinked({
      html: '<img src="tg://photo?id=pic"/><audio src="tg://audio?id=memo"></audio>',
    });
    expect(fromHtml.media).toEqual([
      { request: 'photo', src: '', input: photo },
      { request: 'voice_note', src: '', input: voice },
    ]);
    expect(fromHtml.message.blocks).toEqual([
      { type: 'media', media: 0 },
      { type: 'media', media: 1 },
    ]);
    const fromMarkdown = parseLinked({ markdown: '![cap](tg://audio?id=memo)' });
    expect(fromMarkdown.media).toEqual([{ request: 'voice_note', src: '', input: voice }]);
    expect(fromMarkdown.message.blocks).toEqual([{ type: 'media', media: 0, caption: { text: 'cap' } }]);
    // Other tg: images stay inline (custom emoji), and other sources stay as written.
    const emoji = parseLinked({ markdown: 'hi ![👍](tg://emoji?id=5368324170671202286)' });
    expect(emoji.media).toEqual([]);
    expect(parseLinked({ html: '<img src="attach://x"/>' }).media).toEqual([
      { request: 'photo', src: 'attach://x' },
    ]);
  });

  it('refuse a missing entry, a link its tag does not take and an entry its link does not fit', () => {
    expect(failure(() => parseLinked({ html: '<img src="tg://photo?id=none"/>' }))).toBe(
      `can't parse entities: Media "none" is not specified in the field "media"`,
    );
    expect(failure(() => parseLinked({ html: '<video src="tg://audio?id=memo"></video>' }))).toBe(
      `can't parse entities: Media link "tg://audio?id=memo" can't be used in this tag`,
    );
    expect(failure(() => parseLinked({ markdown: '![x](tg://video?id=pic)' }))).toBe(
      `can't parse entities: Media "pic" must be of a type that fits a tg://video link`,
    );
    expect(failure(() => parseLinked({ html: '<img src="tg://photo?id=pic&x=1"/>' }))).toBe(
      `can't parse entities: Invalid media link "tg://photo?id=pic&x=1" specified`,
    );
  });
});
