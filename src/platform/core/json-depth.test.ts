import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './json-depth.js';

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const objects = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('nestedDeeperThan', () => {
  it('allows MAX_JSON_DEPTH levels and refuses one more', () => {
    expect(nestedDeeperThan(arrays(MAX_JSON_DEPTH))).toBe(false);
    expect(nestedDeeperThan(arrays(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestedDeeperThan(objects(MAX_JSON_DEPTH))).toBe(false);
    expect(nestedDeeperThan(objects(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(nestedDeeperThan(arrays(100_000))).toBe(true);
  });

  it('counts depth, not the number of containers', () => {
    const wide = `[${Array.from({ length: 5000 }, () => '{"a":[1,{"b":[]}]}').join(',')}]`;
    expect(nestedDeeperThan(wide, 5)).toBe(false);
    expect(nestedDeeperThan(wide, 4)).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const inString = JSON.stringify({ text: '['.repeat(500), quoted: '"[[[\\"' + '{'.repeat(300) });
    expect(nestedDeeperThan(inString)).toBe(false);
    const afterEscapes = `["a\\\\", ${arrays(150)}]`;
    expect(JSON.parse(afterEscapes)).toHaveLength(2);
    expect(nestedDeeperThan(afterEscapes)).toBe(true);
  });

  it('answers for any text without throwing', () => {
    for (const text of ['', '"', '"\\', '['.repeat(300), ']'.repeat(300), 'not json at all'.repeat(20)]) {
      expect(typeof nestedDeeperThan(text)).toBe('boolean');
    }
  });
});
