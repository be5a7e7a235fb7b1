/**
 * Errors of the gateway's rules: platform errors whose codes the gateway declares (refusals.ts, ADR
 * 0108 and its addendum). The gateway surface (src/gateway/errors.ts) answers those of its wire, the
 * control API all of them, each by kind in one place.
 */
import { PlatformError } from '../core/errors.js';
import type { GATEWAY_REFUSALS } from './refusals.js';

/**
 * The gateway's codes, and a person's phone number, which the kernel declares (users/ refuses it)
 * and the gateway's rules refuse too.
 */
export type GatewayErrorCode = keyof typeof GATEWAY_REFUSALS | 'PHONE_NUMBER_INVALID';

export class GatewayError extends PlatformError<GatewayErrorCode> {
  constructor(code: GatewayErrorCode, message: string = code) {
    super(code, message);
  }
}
