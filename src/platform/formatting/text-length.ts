/**
 * The spec's documented string lengths ("1-128 characters", "0-16 characters"), checked one way
 * (issue 25, ADR 0071): a value outside its range is refused, never cut to fit. Characters are
 * code points, as the reference counts its limits (utf16.ts). A method checks the value after the
 * chat and the rights, in the reference's order, so that a refusal says what it says there.
 */
import { PlatformError } from '../core/errors.js';
import { codePointLength } from './utf16.js';

export interface LengthLimit {
  /** What the value is, as the refusal names it ("topic name", "chat title"). */
  field: string;
  min: number;
  max: number;
}

/** The refusals a method answers instead of the generic ones (the platform's own tokens). */
export interface LengthRefusals {
  tooShort?: () => PlatformError;
  tooLong?: () => PlatformError;
}

/**
 * Refuses `text` whose length is outside `limit`: STRING_TOO_SHORT or STRING_TOO_LONG naming the field
 * (the Bot API: "<field> must be non-empty", "<field> is too long"), or the method's own refusals.
 */
export function checkLength(text: string, limit: LengthLimit, refusals: LengthRefusals = {}): void {
  const length = codePointLength(text);
  if (length < limit.min) {
    throw (
      refusals.tooShort?.() ??
      new PlatformError('STRING_TOO_SHORT', `${limit.field} must be at least ${limit.min} characters long`, {
        field: limit.field,
        min: limit.min,
      })
    );
  }
  if (length > limit.max) {
    throw (
      refusals.tooLong?.() ??
      new PlatformError('STRING_TOO_LONG', `${limit.field} must be at most ${limit.max} characters long`, {
        field: limit.field,
        max: limit.max,
      })
    );
  }
}
