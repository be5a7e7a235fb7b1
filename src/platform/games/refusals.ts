/**
 * The refusals of games (ADR 0044). One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const GAME_REFUSALS = {
  /** sendGame with a short name the bot has no game of (the platform's token, text unverified). */
  GAME_SHORT_NAME_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: GAME_SHORT_NAME_INVALID',
    control: 'BAD_REQUEST',
  },
  GAME_SHORT_NAME_OCCUPIED: { kind: 'conflict', bot: null },
  /** sendGame to a channel (text unverified). */
  GAME_IN_CHANNEL: {
    kind: 'invalid',
    bot: "Bad Request: games can't be sent to channel chats",
    control: 'BAD_REQUEST',
  },
  GAME_MESSAGE_INVALID: { kind: 'invalid', bot: 'Bad Request: MESSAGE_ID_INVALID', control: 'BAD_REQUEST' },
  /** setGameScore with a negative score (text unverified). */
  GAME_SCORE_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: score must be non-negative',
    control: 'BAD_REQUEST',
  },
  /** setGameScore with a score not greater than the user's and no force (the platform's token, text unverified). */
  BOT_SCORE_NOT_MODIFIED: {
    kind: 'invalid',
    bot: 'Bad Request: BOT_SCORE_NOT_MODIFIED',
    control: 'BAD_REQUEST',
  },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    games: typeof GAME_REFUSALS;
  }
}
