import { describe, expect, it } from 'vitest';
import { cryptoRandom } from './random.js';

describe('cryptoRandom', () => {
  it('draws within narrow and very wide ranges', () => {
    for (let i = 0; i < 200; i++) {
      const narrow = cryptoRandom.int(5, 8);
      expect(narrow).toBeGreaterThanOrEqual(5);
      expect(narrow).toBeLessThan(8);
      const wide = cryptoRandom.int(0, 2 ** 52);
      expect(Number.isSafeInteger(wide)).toBe(true);
      expect(wide).toBeGreaterThanOrEqual(0);
      expect(wide).toBeLessThan(2 ** 52);
    }
  });
  it('makes URL-safe tokens of the asked length', () => {
    expect(cryptoRandom.token(40)).toMatch(/^[A-Za-z0-9_-]{40}$/);
  });
});
