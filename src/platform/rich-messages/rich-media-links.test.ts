import { describe, expect, it } from 'vitest';
import { FormattingError } from '../formatting/formatting-error.js';
import { parseRichMessage } from './rich-message.js';

const photo = { type: 'photo', media: 'https://example.com/p.png' };
const voice = { type: 'voice_note', media: 'attach://v', duration: 3 };
const media = new Map([
  ['pic', photo],
  ['memo', voice],
]);
const parse = (input: { html: string } | { markdown: string }) =>
  parseRichMessage({ ...input, media }, { drafts: false });
const failure = (f: () => unknown): string => {
  try {
    f();
  } catch (error) {
    if (error instanceof FormattingError) return error.message;
    throw error;
  }
  throw new Error('no error');
};

describe('tg:// media links (ADR 0088)', () => {
  it('name entries of the media list from HTML and Markdown', () => {
    const fromHtml = parse({
      html: '<img src="tg://photo?id=pic"/><audio src="tg://audio?id=memo"></audio>',
    });
    expect(fromHtml.media).toEqual([
      { request: 'photo', src: '', input: photo },
      { request: 'voice_note', src: '', input: voice },
    ]);
    expect(fromHtml.message.blocks).toEqual([
      { type: 'media', media: 0 },
      { type: 'media', media: 1 },
    ]);
    const fromMarkdown = parse({ markdown: '![cap](tg://audio?id=memo)' });
    expect(fromMarkdown.media).toEqual([{ request: 'voice_note', src: '', input: voice }]);
    expect(fromMarkdown.message.blocks).toEqual([{ type: 'media', media: 0, caption: { text: 'cap' } }]);
    // Other tg: images stay inline (custom emoji), and other sources stay as written.
    const emoji = parse({ markdown: 'hi ![👍](tg://emoji?id=5368324170671202286)' });
    expect(emoji.media).toEqual([]);
    expect(parse({ html: '<img src="attach://x"/>' }).media).toEqual([
      { request: 'photo', src: 'attach://x' },
    ]);
  });

  it('refuse a missing entry, a link its tag does not take and an entry its link does not fit', () => {
    expect(failure(() => parse({ html: '<img src="tg://photo?id=none"/>' }))).toBe(
      `can't parse entities: Media "none" is not specified in the field "media"`,
    );
    expect(failure(() => parse({ html: '<video src="tg://audio?id=memo"></video>' }))).toBe(
      `can't parse entities: Media link "tg://audio?id=memo" can't be used in this tag`,
    );
    expect(failure(() => parse({ markdown: '![x](tg://video?id=pic)' }))).toBe(
      `can't parse entities: Media "pic" must be of a type that fits a tg://video link`,
    );
    expect(failure(() => parse({ html: '<img src="tg://photo?id=pic&x=1"/>' }))).toBe(
      `can't parse entities: Invalid media link "tg://photo?id=pic&x=1" specified`,
    );
  });
});
