import { describe, expect, it } from 'vitest';
import { formatText } from './format-text.js';
import { FormattingError } from './formatting-error.js';

const failure = (...args: Parameters<typeof formatText>) => {
  try {
    formatText(...args);
  } catch (error) {
    expect(error).toBeInstanceOf(FormattingError);
    return (error as Error).message;
  }
  return 'no error';
};

describe('formatText', () => {
  it('reads the parse mode case-insensitively', () => {
    for (const mode of ['MarkdownV2', 'markdownv2', 'MARKDOWNV2']) {
      expect(formatText('*b*', mode).entities).toEqual([{ type: 'bold', offset: 0, length: 1 }]);
    }
    expect(formatText('<b>b</b>', 'HTML').entities).toEqual([{ type: 'bold', offset: 0, length: 1 }]);
    expect(formatText('*b*', 'Markdown').entities).toEqual([{ type: 'bold', offset: 0, length: 1 }]);
    for (const mode of [undefined, '', 'None', 'none'])
      expect(formatText('*b*', mode)).toEqual({ text: '*b*', entities: [] });
  });
  it('rejects an unknown parse mode, but not for an empty text', () => {
    expect(failure('x', 'markdown3')).toBe('unsupported parse_mode');
    expect(failure('x', 'constructor')).toBe('unsupported parse_mode');
    expect(formatText('', 'markdown3', undefined, { allowEmpty: true })).toEqual({ text: '', entities: [] });
  });
  it('ignores the supplied entities when a parse mode is used', () => {
    expect(formatText('*b*', 'MarkdownV2', '[{"type":"blink"}]').entities).toEqual([
      { type: 'bold', offset: 0, length: 1 },
    ]);
    expect(formatText('hello', undefined, '[{"type":"italic","offset":0,"length":5}]').entities).toEqual([
      { type: 'italic', offset: 0, length: 5 },
    ]);
  });
  it('reports the reference error texts', () => {
    expect(failure('Hello, world.', 'MarkdownV2')).toBe(
      "can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
    );
    expect(failure('<b>x', 'HTML')).toBe(
      'can\'t parse entities: Can\'t find end tag corresponding to start tag "b"',
    );
    expect(failure('*x', 'Markdown')).toBe(
      "can't parse entities: Can't find end of the entity starting at byte offset 0",
    );
    expect(failure('x', undefined, '[{"type":"blink","offset":0,"length":1}]')).toBe(
      "can't parse MessageEntity: Unsupported type specified",
    );
    expect(failure('  ', undefined)).toBe('text must be non-empty');
    expect(failure('<b> </b>', 'HTML')).toBe('text must be non-empty');
    expect(failure('x\ud800', undefined)).toBe('strings must be encoded in UTF-8');
  });
  it('lets a caption be empty', () => {
    expect(formatText(' <i> </i> ', 'HTML', undefined, { allowEmpty: true })).toEqual({
      text: '',
      entities: [],
    });
  });
  it('gives UTF-16 offsets after emoji', () => {
    expect(formatText('👍🏽 *ok* 🇩🇪 _x_', 'MarkdownV2')).toEqual({
      text: '👍🏽 ok 🇩🇪 x',
      entities: [
        { type: 'bold', offset: 5, length: 2 },
        { type: 'italic', offset: 13, length: 1 },
      ],
    });
  });
  it('trims after markup removal and shifts the entities', () => {
    expect(formatText('\n\n  <b>bold</b> text  \n', 'HTML')).toEqual({
      text: 'bold text',
      entities: [{ type: 'bold', offset: 0, length: 4 }],
    });
  });
  it('merges the markup entities with the detected ones, splitting styles around them', () => {
    expect(formatText('*see https://x\\.com /start@my\\_bot*', 'MarkdownV2')).toEqual({
      text: 'see https://x.com /start@my_bot',
      entities: [
        { type: 'bold', offset: 0, length: 4 },
        { type: 'url', offset: 4, length: 13 },
        { type: 'bold', offset: 4, length: 13 },
        { type: 'bold', offset: 17, length: 1 },
        { type: 'bot_command', offset: 18, length: 13 },
        { type: 'bold', offset: 18, length: 13 },
      ],
    });
  });
  it('does not detect entities inside links and code', () => {
    expect(formatText('<a href="https://t.me">@durov</a> <code>#tag</code> #tag', 'HTML').entities).toEqual([
      { type: 'text_link', offset: 0, length: 6, url: 'https://t.me/' },
      { type: 'code', offset: 7, length: 4 },
      { type: 'hashtag', offset: 12, length: 4 },
    ]);
  });
});
