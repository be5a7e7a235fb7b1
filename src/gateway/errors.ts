/**
 * The gateway's error catalogue (reference §4.1; ADR 0014, ADR 0108): every code it answers with and
 * its HTTP status. The surface's own codes are below; the refusals of the gateway's rules are
 * declared with their codes (platform/gateway/refusals.ts and a person's phone number in the
 * kernel's, those with a `gateway` text; ADR 0108's addendum) and answered with the status of their kind. The body is always `{"ok":false,"error":"<CODE>"}` (spec
 * §7); the server option `--gateway-always-200` answers HTTP 200 for everything instead of these
 * statuses.
 */
import { PlatformError } from '../platform/core/errors.js';
import { REFUSALS, refusalOf } from '../platform/assembly/refusals.js';
import type { PlatformErrorCode, RefusalKind } from '../platform/core/refusals/index.js';

export interface CatalogueEntry {
  status: number;
  /** When it is answered (docs/gateway.md and docs/openapi/gateway-api.yaml show the same text). */
  when: string;
}

/** The reference answers every refusal of a request 400 (§4.1). */
const REFUSAL_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  not_found: 400,
  forbidden: 400,
  conflict: 400,
};

/** The surface's own codes: authentication, routing, the body's size, faults. */
const SURFACE_ERRORS = {
  ACCESS_TOKEN_REQUIRED: { status: 401, when: 'no token in Authorization: Bearer nor in access_token' },
  ACCESS_TOKEN_INVALID: {
    status: 401,
    when: 'the token is unknown or malformed, or both the header and the parameter carry one',
  },
  UNKNOWN_METHOD: { status: 404, when: 'the path names none of the four methods (any letter case)' },
  REQUEST_TOO_LARGE: { status: 413, when: 'the request body is larger than 64 KiB' },
  INTERNAL_ERROR: { status: 500, when: 'an unexpected fault of the server' },
} satisfies Record<string, CatalogueEntry>;

/** The refusals of the gateway's rules that its wire answers: those declared with a `gateway` text. */
type WireRefusal = {
  [C in PlatformErrorCode]: (typeof REFUSALS)[C] extends { gateway: string } ? C : never;
}[PlatformErrorCode];

/** Codes a gateway method can answer with. */
export type GatewayWireCode = keyof typeof SURFACE_ERRORS | WireRefusal;

function wireRefusals(): Record<WireRefusal, CatalogueEntry> {
  const entries: Partial<Record<WireRefusal, CatalogueEntry>> = {};
  for (const [code, refusal] of Object.entries(REFUSALS)) {
    if ('gateway' in refusal && refusal.gateway !== undefined) {
      entries[code as WireRefusal] = { status: REFUSAL_STATUS[refusal.kind], when: refusal.gateway };
    }
  }
  return entries as Record<WireRefusal, CatalogueEntry>;
}

export const GATEWAY_ERRORS: Readonly<Record<GatewayWireCode, CatalogueEntry>> = {
  ...SURFACE_ERRORS,
  ...wireRefusals(),
};

export interface ErrorAnswer {
  status: number;
  code: GatewayWireCode;
}

/** The answer for a thrown error; undefined when it is not one of the gateway's (a fault). */
export function toErrorAnswer(error: unknown): ErrorAnswer | undefined {
  if (!(error instanceof PlatformError) || refusalOf(error.code).gateway === undefined) return undefined;
  const code = error.code as WireRefusal;
  return { status: GATEWAY_ERRORS[code].status, code };
}

export function answerFor(code: GatewayWireCode): ErrorAnswer {
  return { status: GATEWAY_ERRORS[code].status, code };
}
