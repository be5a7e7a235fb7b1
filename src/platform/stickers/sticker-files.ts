/**
 * The files of stickers, checked on their real bytes (core.telegram.org/stickers; ADR 0046): a
 * static sticker is a WEBP or PNG image, an animated one a TGS file (gzip of Lottie JSON), a video
 * one a WEBM file (VP9, no audio). Sizes, sides, durations and frame rates are read from the bytes,
 * never taken from the caller. Problems are the platform's tokens, which the Bot API answers as they
 * are (bot-api/methods/sticker-input.ts).
 */
import { gunzipSync } from 'node:zlib';
import { imageSize } from '../files/image-size.js';
import { readWebm } from './webm.js';
import type { StickerFormat, StickerType } from '../../storage/ports/stickers.js';

export type { StickerFormat, StickerType } from '../../storage/ports/stickers.js';

export const STICKER_FORMATS: readonly StickerFormat[] = ['static', 'animated', 'video'];
export const STICKER_TYPES: readonly StickerType[] = ['regular', 'mask', 'custom_emoji'];

/**
 * What a sticker file is used for: a sticker of a set's type, a set's thumbnail, any sent sticker,
 * or an upload for later use (uploadStickerFile: a sticker's sides or a custom emoji's).
 */
export type StickerUse = StickerType | 'thumbnail' | 'sent' | 'upload';

export type StickerFileProblem =
  | 'FILE_EMPTY'
  | 'FILE_TOO_BIG'
  | 'STICKER_PNG_NOPNG'
  | 'STICKER_TGS_NOTGS'
  | 'STICKER_VIDEO_NOWEBM'
  | 'STICKER_PNG_DIMENSIONS'
  | 'STICKER_VIDEO_LONG';

/** A sticker file that breaks a rule; `problem` is the token the Bot API answers. */
export class StickerFileError extends Error {
  constructor(readonly problem: StickerFileProblem) {
    super(problem);
  }
}

export interface StickerFileInfo {
  format: StickerFormat;
  width: number;
  height: number;
  mimeType: string;
}

export const STICKER_MIME_TYPES: Record<StickerFormat, string> = {
  static: 'image/webp',
  animated: 'application/x-tgsticker',
  video: 'video/webm',
};

/** Largest files, in bytes: stickers, and set thumbnails. */
const MAX_BYTES: Record<StickerFormat, number> = { static: 512 << 10, animated: 64 << 10, video: 256 << 10 };
const MAX_THUMBNAIL_BYTES: Record<StickerFormat, number> = {
  static: 128 << 10,
  animated: 32 << 10,
  video: 32 << 10,
};
/** The side of a sticker (one side exactly, the other at most), and of custom emoji and thumbnails. */
export const STICKER_SIDE = 512;
export const EMOJI_SIDE = 100;
const MAX_SECONDS = 3;
const MAX_TGS_FPS = 60;
const MAX_VIDEO_FPS = 30;
/** Lottie JSON inflated from a TGS file is refused beyond this (a gzip bomb). */
const MAX_TGS_JSON_BYTES = 4 << 20;

const NOT_OF_FORMAT: Record<StickerFormat, StickerFileProblem> = {
  static: 'STICKER_PNG_NOPNG',
  animated: 'STICKER_TGS_NOTGS',
  video: 'STICKER_VIDEO_NOWEBM',
};

/** The format of a stored sticker file, from the type recorded for it. */
export function formatOfMimeType(mimeType: string | null): StickerFormat {
  if (mimeType === STICKER_MIME_TYPES.animated) return 'animated';
  if (mimeType === STICKER_MIME_TYPES.video) return 'video';
  return 'static';
}

/** The format bytes look like, for a sticker sent without one named (sendSticker uploads). */
export function sniffFormat(data: Buffer): StickerFormat {
  if (data[0] === 0x1f && data[1] === 0x8b) return 'animated';
  if (data.length >= 4 && data.readUInt32BE(0) === 0x1a45dfa3) return 'video';
  return 'static';
}

/**
 * Checks bytes as a sticker file of `format` for `use`; answers its format, sides and MIME type.
 * Throws StickerFileError.
 */
export function checkStickerFile(data: Buffer, format: StickerFormat, use: StickerUse): StickerFileInfo {
  if (data.length === 0) throw new StickerFileError('FILE_EMPTY');
  const limit = use === 'thumbnail' ? MAX_THUMBNAIL_BYTES[format] : MAX_BYTES[format];
  if (data.length > limit) throw new StickerFileError('FILE_TOO_BIG');
  const { width, height, mimeType } = readSides(data, format);
  checkSides(width, height, format, use);
  return { format, width, height, mimeType };
}

function readSides(data: Buffer, format: StickerFormat): { width: number; height: number; mimeType: string } {
  if (format === 'static') {
    const image = imageSize(data);
    if (!image || (image.format !== 'webp' && image.format !== 'png'))
      throw new StickerFileError('STICKER_PNG_NOPNG');
    return { width: image.width, height: image.height, mimeType: `image/${image.format}` };
  }
  if (format === 'animated') return { ...readTgs(data), mimeType: STICKER_MIME_TYPES.animated };
  const video = readWebm(data);
  if (!video) throw new StickerFileError(NOT_OF_FORMAT.video);
  if (video.seconds !== undefined && video.seconds > MAX_SECONDS + 1e-3)
    throw new StickerFileError('STICKER_VIDEO_LONG');
  if (video.fps !== undefined && video.fps > MAX_VIDEO_FPS + 0.5)
    throw new StickerFileError('STICKER_VIDEO_NOWEBM');
  return { width: video.width, height: video.height, mimeType: STICKER_MIME_TYPES.video };
}

/** A TGS file: gzip of Lottie JSON with `tgs: 1`, at most 60 frames a second and 3 seconds. */
function readTgs(data: Buffer): { width: number; height: number } {
  let json: unknown;
  try {
    json = JSON.parse(gunzipSync(data, { maxOutputLength: MAX_TGS_JSON_BYTES }).toString('utf8'));
  } catch {
    throw new StickerFileError('STICKER_TGS_NOTGS');
  }
  const lottie = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
  const [w, h, fr, ip, op] = ['w', 'h', 'fr', 'ip', 'op'].map((key) => lottie[key]);
  const numbers = [w, h, fr, ip, op].every((n) => typeof n === 'number' && Number.isFinite(n));
  if (lottie.tgs !== 1 || !numbers) throw new StickerFileError('STICKER_TGS_NOTGS');
  const rate = fr as number;
  const frames = (op as number) - (ip as number);
  if (rate <= 0 || rate > MAX_TGS_FPS || frames <= 0 || frames / rate > MAX_SECONDS + 1e-3) {
    throw new StickerFileError('STICKER_TGS_NOTGS');
  }
  return { width: w as number, height: h as number };
}

/**
 * Sides by use: custom emoji and thumbnails are 100 by 100; stickers have one side of 512 and the
 * other at most 512 (animated ones are 512 by 512); a sent static sticker only needs to be readable.
 */
function checkSides(width: number, height: number, format: StickerFormat, use: StickerUse): void {
  if (use === 'sent' && format === 'static') return;
  const emoji = width === EMOJI_SIDE && height === EMOJI_SIDE;
  const sticker =
    format === 'animated'
      ? width === STICKER_SIDE && height === STICKER_SIDE
      : Math.max(width, height) === STICKER_SIDE && Math.min(width, height) >= 1;
  const ok =
    use === 'custom_emoji' || use === 'thumbnail' ? emoji : use === 'upload' ? emoji || sticker : sticker;
  if (!ok) throw new StickerFileError('STICKER_PNG_DIMENSIONS');
}
