import { describe, expect, it } from 'vitest';
import type { Entity } from './entity.js';
import { fixEntities, mergeNewEntities } from './fix-entities.js';

const e = (type: Entity['type'], offset: number, length: number): Entity => ({ type, offset, length });

describe('fixEntities', () => {
  it('sorts by offset, longer first, then by type priority', () => {
    expect(
      fixEntities([e('italic', 0, 2), e('text_link', 0, 2), e('code', 4, 1), e('blockquote', 0, 5)]),
    ).toEqual([e('blockquote', 0, 5), e('text_link', 0, 2), e('italic', 0, 2), e('code', 4, 1)]);
  });
  it('merges touching styles of one type', () => {
    expect(fixEntities([e('bold', 0, 2), e('bold', 2, 3)])).toEqual([e('bold', 0, 5)]);
  });
  it('splits a style where another one starts so that they nest', () => {
    expect(fixEntities([e('bold', 0, 10), e('italic', 3, 2)])).toEqual([
      e('bold', 0, 3),
      e('bold', 3, 7),
      e('italic', 3, 2),
    ]);
  });
  it('splits styles at both ends of links and code', () => {
    expect(fixEntities([e('bold', 0, 10), e('text_link', 3, 2)])).toEqual([
      e('bold', 0, 3),
      e('text_link', 3, 2),
      e('bold', 3, 2),
      e('bold', 5, 5),
    ]);
  });
  it('drops styles inside code and keeps the first of overlapping links', () => {
    expect(fixEntities([e('code', 2, 4), e('bold', 0, 8), e('url', 5, 3)])).toEqual([
      e('bold', 0, 2),
      e('code', 2, 4),
      e('bold', 6, 2),
    ]);
    expect(fixEntities([e('text_link', 0, 4), e('custom_emoji', 2, 4)])).toEqual([e('text_link', 0, 4)]);
  });
  it('keeps only whole entities inside a block quote and never nests quotes', () => {
    const entities = [
      e('blockquote', 2, 4),
      e('code', 0, 3),
      e('pre', 3, 2),
      e('expandable_blockquote', 4, 4),
    ];
    expect(fixEntities(entities)).toEqual([e('blockquote', 2, 4), e('pre', 3, 2)]);
  });
});

describe('mergeNewEntities', () => {
  it('adds found entities that do not overlap existing ones and splits styles around them', () => {
    expect(
      mergeNewEntities([e('bold', 0, 10), e('text_link', 0, 3)], [e('mention', 1, 3), e('url', 5, 3)]),
    ).toEqual([
      e('text_link', 0, 3),
      e('bold', 0, 3),
      e('bold', 3, 2),
      e('url', 5, 3),
      e('bold', 5, 3),
      e('bold', 8, 2),
    ]);
  });
});
