/** The gifts' refusals: GIFT_INVALID with the platform's token (texts unverified; ADR 0050). */
import { PlatformError } from '../core/errors.js';

export const refuse = (reason: string, message = reason) =>
  new PlatformError('GIFT_INVALID', message, { reason });
