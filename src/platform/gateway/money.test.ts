import { describe, expect, it } from 'vitest';
import { parseCredits, toCredits } from './money.js';
import { matchPrefix } from './phone.js';

describe('credits as integer units', () => {
  it('parses decimal text exactly', () => {
    expect(parseCredits('0.01')).toBe(10_000);
    expect(parseCredits(0.6)).toBe(600_000);
    expect(parseCredits('60')).toBe(60_000_000);
    expect(parseCredits(0.000001)).toBe(1);
    expect(parseCredits(1e9)).toBe(1e15);
  });

  it.each([['-1'], ['0.0000001'], ['abc'], [''], [null], [1e10], [Number.NaN]])('refuses %j', (value) => {
    expect(() => parseCredits(value)).toThrow(/credits/);
  });

  it('shows units as a Float without drift', () => {
    let units = 0;
    for (let i = 0; i < 10; i++) units += parseCredits('0.1');
    expect(toCredits(units)).toBe(1);
    expect(toCredits(99_980_000)).toBe(99.98);
    expect(JSON.stringify(toCredits(0))).toBe('0');
  });

  it('prices by the longest matching prefix', () => {
    const overrides = [{ prefix: '1' }, { prefix: '1555' }, { prefix: '44' }];
    expect(matchPrefix('+15550001', overrides)?.prefix).toBe('1555');
    expect(matchPrefix('+12120001', overrides)?.prefix).toBe('1');
    expect(matchPrefix('+33100001', overrides)).toBeUndefined();
  });
});
