import { describe, expect, it } from 'vitest';
import { nearestName } from './nearest-name.js';

describe('nearestName', () => {
  const options = ['first-name', 'last-name', 'phone', 'username', 'json', 'server', 'request-id'];

  it.each([
    ['firstname', 'first-name'],
    ['first_name', 'first-name'],
    ['jsno', 'json'],
    ['sever', 'server'],
    ['PHONE', 'phone'],
    ['requestid', 'request-id'],
  ])('suggests %s -> %s', (typed, expected) => {
    expect(nearestName(typed, options)).toBe(expected);
  });

  it('suggests nothing for a word far from every name', () => {
    expect(nearestName('frobnicate', options)).toBeUndefined();
    expect(nearestName('x', options)).toBeUndefined();
  });
});
