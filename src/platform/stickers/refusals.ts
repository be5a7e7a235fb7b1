/**
 * The refusals of sticker sets. One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const STICKER_REFUSALS = {
  STICKERSET_INVALID: { kind: 'invalid', bot: 'Bad Request: STICKERSET_INVALID', control: 'BAD_REQUEST' },
  STICKERSET_NAME_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: sticker set name invalid',
    control: 'BAD_REQUEST',
  },
  STICKERSET_NAME_OCCUPIED: {
    kind: 'conflict',
    bot: 'Bad Request: sticker set name is already occupied',
    control: 'BAD_REQUEST',
  },
  STICKERS_TOO_MUCH: { kind: 'invalid', bot: 'Bad Request: STICKERS_TOO_MUCH', control: 'BAD_REQUEST' },
  STICKER_NOT_MASK: {
    kind: 'invalid',
    bot: 'Bad Request: STICKER_MASK_COORDS_NOT_SUPPORTED',
    control: 'BAD_REQUEST',
  },
  /** Parley's text. */
  STICKERSET_THUMBNAIL_FORMAT_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: the thumbnail format must match the format of the stickers in the set',
    control: 'BAD_REQUEST',
  },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    stickers: typeof STICKER_REFUSALS;
  }
}
