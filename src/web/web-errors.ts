/**
 * The web person API's status of a platform refusal (ADR 0108): that of its kind, or of the kind
 * its declaration gives the web (`web`, where the API's former guess by name answered another).
 * The body's `error` is the code and its `description` the error's message (web-routes.ts).
 */
import type { PlatformError } from '../platform/core/errors.js';
import { refusalOf } from '../platform/assembly/refusals.js';
import type { RefusalKind } from '../platform/core/refusals/index.js';

const WEB_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  not_found: 404,
  forbidden: 403,
  conflict: 409,
};

export function webStatusOf(error: PlatformError): number {
  const refusal = refusalOf(error.code);
  return WEB_STATUS[refusal.web ?? refusal.kind];
}
