/**
 * The refusals of business accounts and their connections (BOT_ACCESS_FORBIDDEN is also what gifts
 * throw for a connection without the right). One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const BUSINESS_REFUSALS = {
  BUSINESS_CONNECTION_NOT_FOUND: { kind: 'not_found', bot: 'Bad Request: business connection not found' },
  /** A connection the person disabled (text unverified). */
  BUSINESS_CONNECTION_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: BUSINESS_CONNECTION_INVALID',
    control: 'BAD_REQUEST',
  },
  /** The connection lacks the right the call needs (text unverified). */
  BOT_ACCESS_FORBIDDEN: {
    kind: 'forbidden',
    bot: 'Bad Request: BOT_ACCESS_FORBIDDEN',
    control: 'BAD_REQUEST',
  },
  /** setBusinessAccountUsername: the username is taken (text unverified). */
  BUSINESS_USERNAME_OCCUPIED: {
    kind: 'conflict',
    bot: 'Bad Request: USERNAME_OCCUPIED',
    control: 'USERNAME_OCCUPIED',
  },
  BUSINESS_MESSAGE_INVALID: {
    kind: 'invalid',
    bot: 'Bad Request: MESSAGE_ID_INVALID',
    control: 'BAD_REQUEST',
  },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    business: typeof BUSINESS_REFUSALS;
  }
}
