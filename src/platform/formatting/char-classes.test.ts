import { describe, expect, it } from 'vitest';
import { asciiLower, isSeparator } from './char-classes.js';

describe('char classes', () => {
  it('isSeparator is \\p{Z} for every code point', () => {
    const separator = /\p{Z}/u;
    const differ: number[] = [];
    for (let code = 0; code <= 0x10ffff; code++) {
      if (isSeparator(code) !== separator.test(String.fromCodePoint(code))) differ.push(code);
    }
    expect(differ).toEqual([]);
  });

  it('asciiLower lowers A-Z only, in ASCII and mixed texts', () => {
    expect(asciiLower('HTTP://Example.COM')).toBe('http://example.com');
    expect(asciiLower('already lower')).toBe('already lower');
    expect(asciiLower('ÄBC Ω')).toBe('Äbc Ω');
    expect(asciiLower('İX')).toBe('İx');
  });
});
