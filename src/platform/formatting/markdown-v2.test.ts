import { describe, expect, it } from 'vitest';
import { toMessageEntity } from './entity.js';
import { parseMarkdownV2 } from './markdown-v2.js';

const parse = (markup: string) => {
  const { text, entities } = parseMarkdownV2(markup);
  return { text, entities: entities.map(toMessageEntity) };
};
const failure = (markup: string) => {
  try {
    parseMarkdownV2(markup);
  } catch (error) {
    return (error as Error).message;
  }
  return 'no error';
};

// Expected values are those of TDLib's own parser tests (test/message_entities.cpp, check_parse_markdown).
describe('parseMarkdownV2 errors', () => {
  it.each([
    ['🏟 🏟_abacaba', "Can't find end of Italic entity at byte offset 9"],
    ['🏟 🏟_abac * asd ', "Can't find end of Bold entity at byte offset 15"],
    ['🏟 🏟`', "Can't find end of Code entity at byte offset 9"],
    ['🏟 🏟```a', "Can't find end of Pre entity at byte offset 9"],
    ['🏟 🏟```a ', "Can't find end of PreCode entity at byte offset 9"],
    ['🏟 🏟_🏟 🏟__', "Can't find end of Underline entity at byte offset 19"],
    ['🏟 🏟~x', "Can't find end of Strikethrough entity at byte offset 9"],
    ['🏟 🏟||test\\|', "Can't find end of Spoiler entity at byte offset 9"],
    ['[telegram](x', "Can't find end of a URL at byte offset 11"],
    ['[telegram\\.org](asd\\)', "Can't find end of a URL at byte offset 16"],
    ['[x', "Can't find end of TextUrl entity at byte offset 0"],
    ['🏟 🏟![👍', "Can't find end of CustomEmoji entity at byte offset 9"],
    ['🏟 🏟![👍]', 'The entity must contain a tg://emoji or tg://time URL'],
    ['🏟 🏟![👍](tg://emoji?id=1234', "Can't find end of a URL at byte offset 17"],
    ['🏟 🏟![👍](t://emoji?id=1234)', 'Invalid tg://emoji or tg://time URL specified'],
    ['![x](tg://time?unix=0)', 'Invalid tg://emoji or tg://time URL specified'],
    ['![x](tg://time?unix=1&format=ts)', 'Invalid tg://emoji or tg://time URL specified'],
    ['>*b\n>ld \n>bo\nld*\nasd\ndef', "Can't find end of Bold entity at byte offset 1"],
    ['>asd\n>q||ew\n||asdad', "Can't find end of Spoiler entity at byte offset 7"],
    ['>asd\n>q||e||w__\n||asdad', "Can't find end of Underline entity at byte offset 13"],
  ])('%j', (markup, detail) => {
    expect(failure(markup)).toBe(`can't parse entities: ${detail}`);
  });

  it.each(['.', '!', '>', '#', '+', '-', '=', '{', '}', '(', ')', ']', '|'])('reserves %j', (c) => {
    expect(failure(`a ${c}`)).toBe(
      `can't parse entities: Character '${c}' is reserved and must be escaped with the preceding '\\'`,
    );
  });
  it('allows > only at the start of a line', () => {
    expect(failure('>\n*a*>2')).toContain("Character '>' is reserved");
  });
});

describe('parseMarkdownV2 entities', () => {
  it('counts astral characters as two UTF-16 units', () => {
    expect(parse('🏟 \\.🏟_🏟\\. 🏟_')).toEqual({
      text: '🏟 .🏟🏟. 🏟',
      entities: [{ type: 'italic', offset: 6, length: 6 }],
    });
  });
  it('makes any character 1-126 literal after a backslash', () => {
    expect(parse('\\\\\\\\\\_\\*\\`')).toEqual({ text: '\\\\_*`', entities: [] });
    expect(parse('\\a\\➡️\\')).toEqual({ text: 'a\\➡️\\', entities: [] });
  });
  it('nests styles and reads __ greedily as underline', () => {
    expect(parse('🏟 🏟_🏟 __🏟___')).toEqual({
      text: '🏟 🏟🏟 🏟',
      entities: [
        { type: 'italic', offset: 5, length: 5 },
        { type: 'underline', offset: 8, length: 2 },
      ],
    });
    expect(parse('*bold _italic ~strike ||spoiler||~ __under___*').entities.map((e) => e.type)).toEqual([
      'bold',
      'italic',
      'strikethrough',
      'spoiler',
      'underline',
    ]);
  });
  it('reads code and pre with a language, dropping one line break after ```', () => {
    expect(parse('`a*b` ```python\nprint(1)```')).toEqual({
      text: 'a*b print(1)',
      entities: [
        { type: 'code', offset: 0, length: 3 },
        { type: 'pre', offset: 4, length: 8, language: 'python' },
      ],
    });
    expect(parse('🏟 🏟```🏟 \\\\\\`🏟```')).toEqual({
      text: '🏟 🏟 \\`🏟',
      entities: [{ type: 'pre', offset: 5, length: 5, language: '🏟' }],
    });
  });
  it('reads links, mentions, custom emoji and dates', () => {
    expect(parse('[telegram\\.org](https://telegram.dog?\\\\\\()').entities).toEqual([
      { type: 'text_link', offset: 0, length: 12, url: 'https://telegram.dog/?\\(' },
    ]);
    expect(parse('[telegram\\.org]a').entities).toEqual([
      { type: 'text_link', offset: 0, length: 12, url: 'http://telegram.org/' },
    ]);
    expect(parse('[name](tg://user?id=123456)').entities).toEqual([
      { type: 'text_mention', offset: 0, length: 4, user: { id: 123456 } },
    ]);
    expect(parse('[ ](as)').entities).toEqual([]);
    expect(parse('🏟 🏟![👍](tg://emoji?id=5368324170671202286)a')).toEqual({
      text: '🏟 🏟👍a',
      entities: [{ type: 'custom_emoji', offset: 5, length: 2, custom_emoji_id: '5368324170671202286' }],
    });
    expect(parse('![22:45](tg://time?unix=1647531900&format=wDT)').entities).toEqual([
      { type: 'date_time', offset: 0, length: 5, unix_time: 1647531900, date_time_format: 'wDT' },
    ]);
    expect(parse('![22:45](tg://time?unix=1647531900)').entities).toEqual([
      { type: 'date_time', offset: 0, length: 5, unix_time: 1647531900 },
    ]);
  });
  it('drops empty entities', () => {
    expect(parse('🏟 🏟**``____')).toEqual({ text: '🏟 🏟', entities: [] });
  });
  it('reads block quotes line by line, including the closing line break', () => {
    expect(parse('abc\n> \n> \n>\ndef')).toEqual({
      text: 'abc\n \n \n\ndef',
      entities: [{ type: 'blockquote', offset: 4, length: 5 }],
    });
    expect(parse('>\n**>2').entities).toEqual([
      { type: 'blockquote', offset: 0, length: 1 },
      { type: 'blockquote', offset: 1, length: 1 },
    ]);
    expect(parse('>`b\n>ld \n>bo\nld`\n>asd\ndef').entities).toEqual([
      { type: 'blockquote', offset: 0, length: 18 },
      { type: 'code', offset: 0, length: 13 },
    ]);
  });
  it('makes a quote expandable when its last line ends with ||', () => {
    expect(parse('>asd\n>q||e||w||\nasdad')).toEqual({
      text: 'asd\nqew\nasdad',
      entities: [
        { type: 'expandable_blockquote', offset: 0, length: 8 },
        { type: 'spoiler', offset: 5, length: 1 },
      ],
    });
    expect(parse('>asd\r\n>q||ew||').entities).toEqual([
      { type: 'blockquote', offset: 0, length: 8 },
      { type: 'spoiler', offset: 6, length: 2 },
    ]);
    expect(parse('**>hidden\n>more||').entities).toEqual([
      { type: 'expandable_blockquote', offset: 0, length: 11 },
    ]);
  });
});
