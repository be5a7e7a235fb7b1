/**
 * Errors of the gateway's rules: platform errors whose codes are declared with the others
 * (platform/core/refusals/gateway.ts, ADR 0108). The gateway surface (src/gateway/errors.ts) answers
 * those of its wire, the control API all of them, each by kind in one place. The class itself is
 * declared in core/errors.ts, since the kernel's devices throw it too (ADR 0111).
 */
export { GatewayError } from '../core/errors.js';
export type { GatewayErrorCode } from '../core/refusals/index.js';
