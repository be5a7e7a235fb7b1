import { describe, expect, it } from 'vitest';
import { codePointBefore, codePointLength, isWellFormed, utf8Length, utf8Offset } from './utf16.js';

describe('codePointLength', () => {
  it('counts an astral character once although it takes two UTF-16 units', () => {
    expect('😀a'.length).toBe(3);
    expect(codePointLength('😀a')).toBe(2);
    expect(codePointLength('')).toBe(0);
  });
  it('counts the parts of a combined emoji separately, as the reference does', () => {
    expect(codePointLength('➡️')).toBe(2);
  });
  it('counts a lone surrogate as one', () => {
    expect(codePointLength('\ud83d')).toBe(1);
  });
});

describe('utf8Offset', () => {
  it('gives UTF-8 byte offsets for error texts', () => {
    expect(utf8Offset('🏟 🏟_abc', 5)).toBe(9);
    expect(utf8Offset('é.', 1)).toBe(2);
    expect(utf8Length('ж😀')).toBe(6);
  });
});

describe('isWellFormed', () => {
  it('rejects unpaired surrogates', () => {
    expect(isWellFormed('ok 😀')).toBe(true);
    expect(isWellFormed('\udc00')).toBe(false);
    expect(isWellFormed('a\ud800')).toBe(false);
  });
});

describe('codePointBefore', () => {
  it('steps back over a whole surrogate pair', () => {
    expect(codePointBefore('a😀', 3)).toEqual({ code: 0x1f600, start: 1 });
    expect(codePointBefore('ab', 1)).toEqual({ code: 0x61, start: 0 });
  });
});
