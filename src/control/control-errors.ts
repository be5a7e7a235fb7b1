/**
 * The control API's answer to each platform error: an HTTP status and the `error` code of the body
 * (docs/control-api.md). The `error` is the code, or the one its declaration names (`control`: what
 * it answered before it had its own, ADR 0041), and the status that of its kind (ADR 0108); the
 * description is the platform error's own message.
 */
import type { PlatformError } from '../platform/core/errors.js';
import { REFUSALS, refusalOf } from '../platform/assembly/refusals.js';
import type { PlatformErrorCode, RefusalKind } from '../platform/core/refusals/index.js';

/** The status of each kind of refusal. */
export const CONTROL_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  not_found: 404,
  forbidden: 403,
  conflict: 409,
};

/** `[status, error]` of the control API's answer to a platform error. */
export function controlStatusOf(error: PlatformError): [number, string] {
  const refusal = refusalOf(error.code);
  const name = refusal.control ?? error.code;
  // A code answered as another answers with that one's status.
  const as = Object.hasOwn(REFUSALS, name) ? refusalOf(name as PlatformErrorCode) : refusal;
  return [CONTROL_STATUS[as.kind], name];
}
