/**
 * The rules of sticker sets that do not need the store (createNewStickerSet and the methods that
 * change sets, spec and Bot API reference; ADR 0046): set names, titles, emoji lists, keywords and
 * mask positions, and how many stickers a set holds.
 */
import { checkLength } from '../formatting/index.js';
import type { StickerType } from '../../storage/ports/stickers.js';

export const MAX_NAME_LENGTH = 64;
export const MAX_TITLE_LENGTH = 64;
export const MAX_EMOJI = 20;
export const MAX_KEYWORDS = 20;
/** Keywords together: at most 64 characters. */
export const MAX_KEYWORDS_LENGTH = 64;
/** createNewStickerSet: 1-50 initial stickers. */
export const MAX_INITIAL_STICKERS = 50;
/** Custom emoji sets hold up to 200 stickers, other sets up to 120 (addStickerToSet). */
export const MAX_SET_STICKERS: Record<StickerType, number> = { regular: 120, mask: 120, custom_emoji: 200 };
/** getCustomEmojiStickers: at most 200 identifiers. */
export const MAX_CUSTOM_EMOJI_IDS = 200;

export const MASK_POINTS = ['forehead', 'eyes', 'mouth', 'chin'] as const;

export interface MaskPosition {
  point: (typeof MASK_POINTS)[number];
  x_shift: number;
  y_shift: number;
  scale: number;
}

/**
 * A set name a bot may use: 1-64 characters, English letters, digits and underscores, beginning
 * with a letter, no two underscores in a row, ending in `_by_<bot username>` (case-insensitive).
 */
export function isValidSetName(name: string, botUsername: string): boolean {
  if (name.length < 1 || name.length > MAX_NAME_LENGTH) return false;
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name) || name.includes('__')) return false;
  const suffix = `_by_${botUsername}`.toLowerCase();
  return name.toLowerCase().endsWith(suffix) && name.length > suffix.length;
}

/** The key a set is found by: names are case-insensitive. */
export function setNameKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * A title as kept: trimmed; more than the documented 64 characters is refused ("sticker set title
 * is too long"), not cut as TDLib cuts it (ADR 0071).
 */
export function normalizeTitle(title: string): string {
  const trimmed = title.trim();
  checkLength(trimmed, { field: 'sticker set title', min: 0, max: MAX_TITLE_LENGTH });
  return trimmed;
}

/**
 * Made at its first use: V8 compiles `\p{RGI_Emoji}` (every emoji sequence) in some 20-30 ms, which
 * every process that loaded the server paid at import, stickers or not (issue 28, ADR 0094).
 */
let emoji: RegExp | undefined;

/** One emoji (an emoji variation selector may be left out or added). */
export function isEmoji(text: string): boolean {
  const one = (emoji ??= new RegExp('^\\p{RGI_Emoji}$', 'v'));
  return one.test(text) || one.test(`${text}\uFE0F`) || one.test(text.replace(/\uFE0F/g, ''));
}

/** 1-20 emoji, each one emoji. */
export function isValidEmojiList(list: unknown): list is string[] {
  return (
    Array.isArray(list) &&
    list.length >= 1 &&
    list.length <= MAX_EMOJI &&
    list.every((e) => typeof e === 'string' && isEmoji(e))
  );
}

/** 0-20 keywords of 64 characters together. */
export function isValidKeywords(list: unknown): list is string[] {
  if (!Array.isArray(list) || list.length > MAX_KEYWORDS) return false;
  if (!list.every((k) => typeof k === 'string')) return false;
  return (list as string[]).reduce((n, k) => n + [...k].length, 0) <= MAX_KEYWORDS_LENGTH;
}

/** A MaskPosition read from JSON, or undefined when it is not one. */
export function maskPositionOf(value: unknown): MaskPosition | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (!MASK_POINTS.includes(v.point as MaskPosition['point'])) return undefined;
  const numbers = [v.x_shift, v.y_shift, v.scale].map((n) => (typeof n === 'string' ? Number(n) : n));
  if (!numbers.every((n) => typeof n === 'number' && Number.isFinite(n))) return undefined;
  const [x, y, scale] = numbers as number[];
  return { point: v.point as MaskPosition['point'], x_shift: x!, y_shift: y!, scale: scale! };
}
