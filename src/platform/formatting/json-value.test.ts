import { describe, expect, it } from 'vitest';
import { getMember, parseJson } from './json-value.js';

describe('parseJson', () => {
  it('keeps numbers as written', () => {
    expect(parseJson('[1.0, -2, 3e2]')).toEqual({
      kind: 'array',
      items: [
        { kind: 'number', text: '1.0' },
        { kind: 'number', text: '-2' },
        { kind: 'number', text: '3e2' },
      ],
    });
  });
  it('returns the first of repeated members', () => {
    const value = parseJson('{"a":1,"a":2}');
    expect(value?.kind === 'object' && getMember(value, 'a')).toEqual({ kind: 'number', text: '1' });
  });
  it('decodes strings with escapes and surrogate pairs', () => {
    expect(parseJson('"a\\n\\u00e9\\ud83d\\ude00"')).toEqual({ kind: 'string', value: 'a\né😀' });
  });
  it('returns undefined for malformed JSON', () => {
    for (const text of ['', '[', '{"a":}', '[1,]', 'tru', '01', '[1] x', '"\u0001"']) {
      expect(parseJson(text), text).toBeUndefined();
    }
  });
});
