import { expect, it } from 'vitest';
import { LruMap } from './lru-map.js';

it('drops the least recently used entry past its capacity, not everything', () => {
  const map = new LruMap<number, string>(4);
  for (let i = 1; i <= 4; i++) map.set(i, `v${i}`);
  // 1 and 2 are used again: 3 is now the least recently used.
  map.get(1);
  map.get(2);
  map.set(5, 'v5');
  expect(map.size).toBe(4);
  expect([...map.keys()].sort()).toEqual([1, 2, 4, 5]);
  map.set(6, 'v6');
  expect(map.has(4)).toBe(false);
  expect(map.get(1)).toBe('v1');
});

it('keeps a working set smaller than its capacity whole while cold keys pass through', () => {
  const map = new LruMap<number, number>(1000);
  const hot = Array.from({ length: 300 }, (_, i) => i);
  for (const key of hot) map.set(key, key);
  let misses = 0;
  for (let round = 0; round < 50; round++) {
    for (const key of hot) {
      if (map.get(key) === undefined) {
        misses += 1;
        map.set(key, key);
      }
    }
    // Cold keys, each seen once: they push out each other, not the hot ones.
    for (let cold = 0; cold < 200; cold++) map.set(1_000_000 + round * 200 + cold, 0);
  }
  expect(misses).toBe(0);
  expect(map.size).toBeLessThanOrEqual(1000);
});

it('updates a value in place without growing, and peeks without marking', () => {
  const map = new LruMap<string, number>(2);
  map.set('a', 1);
  map.set('b', 2);
  map.set('a', 3);
  expect(map.size).toBe(2);
  expect(map.peek('b')).toBe(2);
  // 'b' was only peeked: it is still the least recently used.
  map.set('c', 4);
  expect(map.has('b')).toBe(false);
  expect(map.get('a')).toBe(3);
});
