/**
 * The refusals of Telegram Passport (ADR 0054). One entry per code (core/refusals/refusal.ts says
 * what an entry holds; ADR 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const PASSPORT_REFUSALS = {
  /**
   * setPassportDataErrors: an error that names no part of what the person shared (ADR 0054; texts
   * Parley's, unverified: the reference server passes such errors on to the platform); why it was
   * refused (platform/passport/passport-errors.ts), `field` naming a parameter.
   */
  PASSPORT_ERROR_INVALID: {
    kind: 'invalid',
    bot: (d: {
      problem: 'TYPE_INVALID' | 'NOT_SHARED' | 'HASH_INVALID' | 'FIELD_NAME_INVALID' | 'FILE_HASHES_EMPTY';
      type: string;
      source: string;
      field?: string;
    }) => {
      const element = `Telegram Passport element "${d.type}"`;
      switch (d.problem) {
        case 'TYPE_INVALID':
          return `Bad Request: wrong Telegram Passport element type "${d.type}" specified for error source "${d.source}"`;
        case 'NOT_SHARED':
          return `Bad Request: ${element} wasn't shared with the bot`;
        case 'FIELD_NAME_INVALID':
          return `Bad Request: field "${d.field}" isn't a data field of ${element}`;
        case 'FILE_HASHES_EMPTY':
          return 'Bad Request: file_hashes must be non-empty';
        default:
          return `Bad Request: ${d.field} doesn't match the shared ${element}`;
      }
    },
    control: 'BAD_REQUEST',
  },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    passport: typeof PASSPORT_REFUSALS;
  }
}
