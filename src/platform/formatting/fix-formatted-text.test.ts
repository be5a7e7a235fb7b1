import { describe, expect, it } from 'vitest';
import { toMessageEntity, type Entity } from './entity.js';
import { fixFormattedText } from './fix-formatted-text.js';

const fix = (text: string, entities: Entity[] = [], allowEmpty = false) => {
  const result = fixFormattedText({ text, entities }, { allowEmpty });
  return { text: result.text, entities: result.entities.map(toMessageEntity) };
};
const e = (type: Entity['type'], offset: number, length: number): Entity => ({ type, offset, length });

describe('fixFormattedText', () => {
  it('trims spaces and line breaks and moves entities with the text', () => {
    expect(fix('  \n hi there \n ', [e('bold', 4, 2), e('italic', 7, 8)])).toEqual({
      text: 'hi there',
      entities: [
        { type: 'bold', offset: 0, length: 2 },
        { type: 'italic', offset: 3, length: 5 },
      ],
    });
  });
  it('does not trim leading whitespace that an entity covers', () => {
    expect(fix('   x', [e('bold', 2, 2)])).toEqual({
      text: ' x',
      entities: [{ type: 'bold', offset: 0, length: 2 }],
    });
  });
  it('drops entities that lie wholly in trimmed whitespace or are empty', () => {
    expect(fix('x   ', [e('bold', 2, 2), e('italic', 0, 0)])).toEqual({ text: 'x', entities: [] });
  });
  it('turns control characters into spaces and removes \\r and invisible separators', () => {
    expect(fix('a\tb\r\nc\u2028d\u0333', [e('bold', 4, 3)])).toEqual({
      text: 'a b\ncd',
      entities: [{ type: 'bold', offset: 3, length: 2 }],
    });
  });
  it('rejects a text that is empty after trimming, unless it may be empty', () => {
    expect(() => fix(' \n ')).toThrow('text must be non-empty');
    expect(() => fix('\u200b\u00a0')).toThrow('text must be non-empty');
    expect(() => fix('\r', [e('italic', 0, 1)])).toThrow('text must be non-empty');
    expect(fix(' ', [], true)).toEqual({ text: '', entities: [] });
  });
  it('reports entities outside the text with the reference texts', () => {
    expect(() => fix('hi', [e('bold', -1, 1)])).toThrow('receive an entity with incorrect offset -1');
    expect(() => fix('hi', [e('bold', 0, 1_000_001)])).toThrow(
      'receive an entity with incorrect length 1000001',
    );
    expect(() => fix('hi', [e('bold', 3, 1)])).toThrow(
      'entity begins after the end of the text at UTF-16 offset 3',
    );
    expect(() => fix('hi', [e('bold', 1, 5)])).toThrow(
      'entity beginning at UTF-16 offset 1 ends after the end of the text at UTF-16 offset 6',
    );
  });
  it('rejects entity boundaries inside a surrogate pair', () => {
    expect(() => fix('😀 x', [e('bold', 1, 2)])).toThrow(
      'entity begins in a middle of a UTF-16 symbol at byte offset 4',
    );
    expect(() => fix('😀 x', [e('bold', 0, 1)])).toThrow(
      'entity beginning at UTF-16 offset 0 ends in a middle of a UTF-16 symbol at byte offset 4',
    );
  });
  it('adds auto-detected entities that do not overlap given ones', () => {
    const link: Entity = { type: 'text_link', offset: 18, length: 6, url: 'https://t.me/' };
    expect(fix('go to example.com @durov /start', [link])).toEqual({
      text: 'go to example.com @durov /start',
      entities: [
        { type: 'url', offset: 6, length: 11 },
        { type: 'text_link', offset: 18, length: 6, url: 'https://t.me/' },
        { type: 'bot_command', offset: 25, length: 6 },
      ],
    });
  });
});
