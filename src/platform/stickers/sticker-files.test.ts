/** Sticker files checked on their bytes, and the rules of names, emoji and keywords (ADR 0046). */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkStickerFile, sniffFormat, StickerFileError } from './sticker-files.js';
import {
  isEmoji,
  isValidEmojiList,
  isValidKeywords,
  isValidSetName,
  maskPositionOf,
  normalizeTitle,
} from './sticker-rules.js';
import { encodePng } from './png.js';
import { drawTopicIcon, TOPIC_ICONS } from './topic-icons.js';
import { imageSize } from '../files/image-size.js';
import { tgs, webm, webp } from '../../../test/helpers/sticker-bytes.js';

const problem = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof StickerFileError) return error.problem;
    throw error;
  }
  return 'none';
};

describe('sticker files', () => {
  it('reads static, animated and video stickers and checks their sides by use', () => {
    expect(checkStickerFile(webp(512, 300), 'static', 'regular')).toMatchObject({ width: 512, height: 300 });
    expect(
      checkStickerFile(
        encodePng(512, 512, () => [0, 0, 0, 0]),
        'static',
        'mask',
      ).mimeType,
    ).toBe('image/png');
    expect(problem(() => checkStickerFile(webp(511, 300), 'static', 'regular'))).toBe(
      'STICKER_PNG_DIMENSIONS',
    );
    expect(problem(() => checkStickerFile(webp(512, 512), 'static', 'custom_emoji'))).toBe(
      'STICKER_PNG_DIMENSIONS',
    );
    expect(checkStickerFile(webp(100, 100), 'static', 'custom_emoji').width).toBe(100);
    expect(checkStickerFile(webp(100, 100), 'static', 'upload').width).toBe(100);
    expect(checkStickerFile(webp(40, 30), 'static', 'sent').width).toBe(40);
    expect(checkStickerFile(tgs(), 'animated', 'regular').mimeType).toBe('application/x-tgsticker');
    expect(problem(() => checkStickerFile(tgs({ w: 512, h: 400 }), 'animated', 'regular'))).toBe(
      'STICKER_PNG_DIMENSIONS',
    );
    expect(checkStickerFile(webm({ width: 300, height: 512 }), 'video', 'regular').height).toBe(512);
  });

  it('refuses what is not of the format, too long, too fast, too big or empty', () => {
    expect(problem(() => checkStickerFile(Buffer.alloc(0), 'static', 'regular'))).toBe('FILE_EMPTY');
    expect(problem(() => checkStickerFile(Buffer.alloc(600 << 10, 1), 'static', 'regular'))).toBe(
      'FILE_TOO_BIG',
    );
    expect(problem(() => checkStickerFile(webp(100, 100), 'static', 'thumbnail'))).toBe('none');
    expect(problem(() => checkStickerFile(tgs(), 'static', 'regular'))).toBe('STICKER_PNG_NOPNG');
    expect(problem(() => checkStickerFile(tgs({ fr: 90 }), 'animated', 'regular'))).toBe('STICKER_TGS_NOTGS');
    expect(problem(() => checkStickerFile(tgs({ frames: 181 }), 'animated', 'regular'))).toBe(
      'STICKER_TGS_NOTGS',
    );
    expect(problem(() => checkStickerFile(tgs({ tgs: 0 }), 'animated', 'regular'))).toBe('STICKER_TGS_NOTGS');
    expect(problem(() => checkStickerFile(gzipSync('not json'), 'animated', 'regular'))).toBe(
      'STICKER_TGS_NOTGS',
    );
    expect(problem(() => checkStickerFile(webm({ seconds: 3.5 }), 'video', 'regular'))).toBe(
      'STICKER_VIDEO_LONG',
    );
    expect(problem(() => checkStickerFile(webm({ audio: true }), 'video', 'regular'))).toBe(
      'STICKER_VIDEO_NOWEBM',
    );
    expect(problem(() => checkStickerFile(webp(512, 512), 'video', 'regular'))).toBe('STICKER_VIDEO_NOWEBM');
    expect([sniffFormat(tgs()), sniffFormat(webm()), sniffFormat(webp(1, 1))]).toEqual([
      'animated',
      'video',
      'static',
    ]);
  });

  it('draws the topic icons as real, distinct 100 px PNG images', () => {
    const images = TOPIC_ICONS.map((icon) => drawTopicIcon(icon));
    expect(images.map((png) => imageSize(png))).toEqual(
      images.map(() => ({ format: 'png', width: 100, height: 100 })),
    );
    expect(new Set(images.map((png) => png.toString('base64'))).size).toBe(images.length);
  });
});

describe('sticker rules', () => {
  it('set names end in _by_<bot username>, begin with a letter, have no double underscore, 1-64 characters', () => {
    expect(isValidSetName('cats_by_PicBot', 'picbot')).toBe(true);
    expect(isValidSetName('Cats2_by_picbot', 'PicBot')).toBe(true);
    expect(isValidSetName('_by_picbot', 'picbot')).toBe(false);
    expect(isValidSetName('cats', 'picbot')).toBe(false);
    expect(isValidSetName('1cats_by_picbot', 'picbot')).toBe(false);
    expect(isValidSetName('ca__ts_by_picbot', 'picbot')).toBe(false);
    expect(isValidSetName('cats-x_by_picbot', 'picbot')).toBe(false);
    expect(isValidSetName(`${'a'.repeat(60)}_by_picbot`, 'picbot')).toBe(false);
  });

  it('emoji lists, keywords, titles and mask positions', () => {
    expect(isEmoji('😀') && isEmoji('❤️') && isEmoji('❤') && isEmoji('👍🏽')).toBe(true);
    expect(isEmoji('a') || isEmoji('😀😀') || isEmoji('')).toBe(false);
    expect(isValidEmojiList(['😀'])).toBe(true);
    expect(isValidEmojiList([])).toBe(false);
    expect(isValidEmojiList(Array.from({ length: 21 }, () => '😀'))).toBe(false);
    expect(isValidKeywords([])).toBe(true);
    expect(isValidKeywords(['a'.repeat(64)])).toBe(true);
    expect(isValidKeywords(['a'.repeat(60), 'bcdef'])).toBe(false);
    expect(isValidKeywords(Array.from({ length: 21 }, () => 'a'))).toBe(false);
    expect(normalizeTitle(`  ${'t'.repeat(64)} `)).toHaveLength(64);
    expect(() => normalizeTitle('t'.repeat(65))).toThrow(
      expect.objectContaining({ code: 'STRING_TOO_LONG' }),
    );
    expect(maskPositionOf({ point: 'eyes', x_shift: 0.5, y_shift: '-1', scale: 2 })).toEqual({
      point: 'eyes',
      x_shift: 0.5,
      y_shift: -1,
      scale: 2,
    });
    expect(maskPositionOf({ point: 'nose', x_shift: 0, y_shift: 0, scale: 1 })).toBeUndefined();
  });
});
