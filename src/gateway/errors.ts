/**
 * The gateway's error catalogue (reference §4.1; ADR 0014): every code it answers with and its HTTP
 * status. The body is always `{"ok":false,"error":"<CODE>"}` (spec §7); the server option
 * `--gateway-always-200` answers HTTP 200 for everything instead of these statuses.
 */
import { GatewayError, type GatewayWireCode } from '../platform/gateway/gateway-error.js';

export interface CatalogueEntry {
  status: number;
  /** When it is answered (docs/gateway.md and docs/openapi/gateway-api.yaml show the same text). */
  when: string;
}

export const GATEWAY_ERRORS: Record<GatewayWireCode, CatalogueEntry> = {
  ACCESS_TOKEN_REQUIRED: { status: 401, when: 'no token in Authorization: Bearer nor in access_token' },
  ACCESS_TOKEN_INVALID: {
    status: 401,
    when: 'the token is unknown or malformed, or both the header and the parameter carry one',
  },
  UNKNOWN_METHOD: { status: 404, when: 'the path names none of the four methods (any letter case)' },
  PHONE_NUMBER_INVALID: { status: 400, when: 'phone_number is missing or not E.164' },
  PHONE_NUMBER_NOT_FOUND: { status: 400, when: 'no user registered the number' },
  PHONE_NUMBER_MISMATCH: { status: 400, when: 'the request_id was made for another number' },
  REQUEST_ID_REQUIRED: { status: 400, when: 'request_id is missing' },
  REQUEST_ID_INVALID: {
    status: 400,
    when: "request_id is not 1-20 digits, is unknown, or is another account's",
  },
  MESSAGE_ALREADY_SENT: { status: 400, when: 'a message was already sent with this request_id' },
  CODE_LENGTH_REQUIRED: { status: 400, when: 'neither code nor code_length is given' },
  CODE_LENGTH_INVALID: { status: 400, when: 'code_length is not an integer from 4 to 8' },
  CODE_INVALID: { status: 400, when: 'code is not 4-8 digits' },
  TTL_INVALID: { status: 400, when: 'ttl is not an integer from 30 to 3600' },
  CALLBACK_URL_INVALID: {
    status: 400,
    when: 'callback_url is not an absolute URL of at most 256 bytes allowed by the profile',
  },
  PAYLOAD_INVALID: { status: 400, when: 'payload is not a string of at most 128 bytes' },
  SENDER_USERNAME_INVALID: { status: 400, when: 'sender_username is malformed or names no channel' },
  SENDER_NOT_VERIFIED: { status: 400, when: "the channel is not verified (allowed for the owner's number)" },
  SENDER_NOT_OWNED: { status: 400, when: "the channel's creator is not the account's owner" },
  BALANCE_NOT_ENOUGH: { status: 400, when: 'the balance does not cover the price of the message' },
  REQUEST_TOO_LARGE: { status: 413, when: 'the request body is larger than 64 KiB' },
  INTERNAL_ERROR: { status: 500, when: 'an unexpected fault of the server' },
};

export interface ErrorAnswer {
  status: number;
  code: GatewayWireCode;
}

/** The answer for a thrown error; undefined when it is not one of the gateway's (a fault). */
export function toErrorAnswer(error: unknown): ErrorAnswer | undefined {
  if (!(error instanceof GatewayError) || !(error.code in GATEWAY_ERRORS)) return undefined;
  const code = error.code as GatewayWireCode;
  return { status: GATEWAY_ERRORS[code].status, code };
}

export function answerFor(code: GatewayWireCode): ErrorAnswer {
  return { status: GATEWAY_ERRORS[code].status, code };
}
