/**
 * The composer's formatting markers (web/src/markers.ts, docs/web-client.md "Formatting"): what
 * each marker makes, nesting, markers left as typed, escapes, and that what the page sends passes
 * the platform's own check of `entities` unchanged (formatText, as the person API runs it).
 */
import { describe, expect, it } from 'vitest';
import { parseMarkers, wrapSelection } from '../../web/src/markers.js';
import { formatText } from '../../src/platform/formatting/index.js';

describe('formatting markers', () => {
  it('reads each marker', () => {
    expect(parseMarkers('a **b** c')).toEqual({
      text: 'a b c',
      entities: [{ type: 'bold', offset: 2, length: 1 }],
    });
    expect(parseMarkers('__it__ ~~gone~~ ||secret|| `x = 1`')).toEqual({
      text: 'it gone secret x = 1',
      entities: [
        { type: 'italic', offset: 0, length: 2 },
        { type: 'strikethrough', offset: 3, length: 4 },
        { type: 'spoiler', offset: 8, length: 6 },
        { type: 'code', offset: 15, length: 5 },
      ],
    });
    expect(parseMarkers('see [the docs](https://example.com/a_b) now')).toEqual({
      text: 'see the docs now',
      entities: [{ type: 'text_link', offset: 4, length: 8, url: 'https://example.com/a_b' }],
    });
    expect(parseMarkers('```ts\nconst a = 1;\n```')).toEqual({
      text: 'const a = 1;',
      entities: [{ type: 'pre', offset: 0, length: 12, language: 'ts' }],
    });
  });

  it('nests markers, but not inside code', () => {
    expect(parseMarkers('**bold __both__**')).toEqual({
      text: 'bold both',
      entities: [
        { type: 'italic', offset: 5, length: 4 },
        { type: 'bold', offset: 0, length: 9 },
      ],
    });
    expect(parseMarkers('[**big** link](https://x.org)').entities).toEqual([
      { type: 'bold', offset: 0, length: 3 },
      { type: 'text_link', offset: 0, length: 8, url: 'https://x.org' },
    ]);
    expect(parseMarkers('`**not bold**`')).toEqual({
      text: '**not bold**',
      entities: [{ type: 'code', offset: 0, length: 12 }],
    });
  });

  it('leaves lone, empty or spaced markers as typed', () => {
    for (const typed of [
      'a || b || c',
      '2 ** 10',
      '****',
      '**open',
      'snake_case and __init',
      '[no link]',
      '[label](has space)',
      '``',
    ]) {
      expect(parseMarkers(typed)).toEqual({ text: typed, entities: [] });
    }
  });

  it('keeps escaped marker characters', () => {
    expect(parseMarkers('\\*\\*not bold\\*\\* and C:\\path')).toEqual({
      text: '**not bold** and C:\\path',
      entities: [],
    });
  });

  it('counts UTF-16 code units, as entities do', () => {
    expect(parseMarkers('😀 **é😀**')).toEqual({
      text: '😀 é😀',
      entities: [{ type: 'bold', offset: 3, length: 3 }],
    });
  });

  it("gives what the platform's check of entities accepts unchanged", () => {
    const marked = parseMarkers('**Hi** __there__, ~~x~~ ||y|| `z` [site](https://example.com/a)');
    const checked = formatText(marked.text, undefined, JSON.stringify(marked.entities));
    expect(checked.text).toBe(marked.text);
    expect(new Set(checked.entities.map((entity) => JSON.stringify(entity)))).toEqual(
      new Set(marked.entities.map((entity) => JSON.stringify(entity))),
    );
  });

  it('wraps the selection for the toolbar', () => {
    expect(wrapSelection('say hi now', 4, 6, '**')).toEqual({ text: 'say **hi** now', from: 6, to: 8 });
    expect(wrapSelection('', 0, 0, '||')).toEqual({ text: '||||', from: 2, to: 2 });
    expect(wrapSelection('read this', 5, 9, 'link')).toEqual({
      text: 'read [this](url)',
      from: 12,
      to: 15,
    });
  });
});
