/**
 * Errors of the gateway's rules: platform errors whose codes are declared with the others
 * (platform/core/refusals/gateway.ts, ADR 0108). The gateway surface (src/gateway/errors.ts) answers
 * those of its wire, the control API all of them, each by kind in one place.
 */
import { PlatformError } from '../core/errors.js';
import type { GatewayErrorCode } from '../core/refusals/index.js';

export type { GatewayErrorCode } from '../core/refusals/index.js';

export class GatewayError extends PlatformError<GatewayErrorCode> {
  constructor(code: GatewayErrorCode, message: string = code) {
    super(code, message);
  }
}
