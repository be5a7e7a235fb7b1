import { expect, it } from 'vitest';
import { randomHex } from './random-hex.js';

it('gives hex strings of the length asked for, every character of them random', () => {
  for (const length of [1, 16, 30, 31, 40, 64])
    expect(randomHex(length)).toMatch(new RegExp(`^[0-9a-f]{${length}}$`));
  // No fixed character (a UUID's version or variant) at any place: every place takes 16 values.
  const seen = Array.from({ length: 40 }, () => new Set<string>());
  for (let i = 0; i < 2000; i++) [...randomHex(40)].forEach((char, place) => seen[place]!.add(char));
  expect(seen.map((values) => values.size)).toEqual(Array(40).fill(16));
});
