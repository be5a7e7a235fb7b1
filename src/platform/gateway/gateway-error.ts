/**
 * Errors of the gateway's rules, with stable codes. The gateway surface (src/gateway/errors.ts) and
 * the control API (control/methods/gateway-support.ts) map them to HTTP in one place each.
 */

/** Codes a gateway method can answer with (reference §4.1; ADR 0014 for the choices). */
export type GatewayWireCode =
  | 'ACCESS_TOKEN_REQUIRED'
  | 'ACCESS_TOKEN_INVALID'
  | 'UNKNOWN_METHOD'
  | 'PHONE_NUMBER_INVALID'
  | 'PHONE_NUMBER_NOT_FOUND'
  | 'PHONE_NUMBER_MISMATCH'
  | 'REQUEST_ID_REQUIRED'
  | 'REQUEST_ID_INVALID'
  | 'MESSAGE_ALREADY_SENT'
  | 'CODE_LENGTH_REQUIRED'
  | 'CODE_LENGTH_INVALID'
  | 'CODE_INVALID'
  | 'TTL_INVALID'
  | 'CALLBACK_URL_INVALID'
  | 'PAYLOAD_INVALID'
  | 'SENDER_USERNAME_INVALID'
  | 'SENDER_NOT_VERIFIED'
  | 'SENDER_NOT_OWNED'
  | 'BALANCE_NOT_ENOUGH'
  | 'REQUEST_TOO_LARGE'
  | 'INTERNAL_ERROR';

/** Codes only the control API answers with (managing accounts, channels, devices, inboxes). */
export type GatewayControlCode =
  | 'GATEWAY_ACCOUNT_NOT_FOUND'
  | 'CHANNEL_NOT_FOUND'
  | 'DEVICE_NOT_FOUND'
  | 'NO_ONLINE_DEVICE'
  | 'VERIFICATION_NOT_FOUND'
  | 'VERIFICATION_MESSAGE_GONE'
  | 'CREDITS_INVALID'
  | 'PRICE_PREFIX_INVALID';

export type GatewayErrorCode = GatewayWireCode | GatewayControlCode;

export class GatewayError extends Error {
  constructor(
    readonly code: GatewayErrorCode,
    message: string = code,
  ) {
    super(message);
  }
}
