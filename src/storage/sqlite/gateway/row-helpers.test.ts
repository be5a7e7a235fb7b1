import { describe, expect, it } from 'vitest';
import { CACHE_SIZE, remember } from './row-helpers.js';
import { LruMap } from '../../lru-map.js';

describe('remember', () => {
  it('starts a full plain Map again, but drops only the least recently used entry of a full LruMap', () => {
    const plain = new Map<number, number>();
    const lru = new LruMap<number, number>(CACHE_SIZE);
    for (let i = 0; i <= CACHE_SIZE; i++) {
      remember(plain, i, i);
      remember(lru, i, i);
    }
    expect(plain.size).toBe(1);
    expect(lru.size).toBe(CACHE_SIZE);
    expect(lru.has(0)).toBe(false);
    expect(lru.has(1)).toBe(true);
    expect(lru.get(CACHE_SIZE)).toBe(CACHE_SIZE);
  });
});
