/**
 * The refusals of the Verification Gateway's rules (thrown as GatewayError, gateway-error.ts). A code
 * with `gateway` is one of the gateway's wire (reference §4.1; ADR 0014 for the choices), its text
 * saying when it is answered (docs/gateway.md and docs/openapi/gateway-api.yaml show the same); the
 * others only the control API answers (accounts, channels, inboxes). None is a Bot API answer. A
 * person's phone number (PHONE_NUMBER_INVALID, of the wire too) and a device (DEVICE_NOT_FOUND) are
 * the kernel's (users/). One entry per code (core/refusals/refusal.ts says what an entry holds; ADR
 * 0108 and its addendum).
 */
import type { Refusals } from '../core/refusals/index.js';

export const GATEWAY_REFUSALS = {
  PHONE_NUMBER_NOT_FOUND: { kind: 'invalid', bot: null, gateway: 'no user registered the number' },
  PHONE_NUMBER_MISMATCH: {
    kind: 'invalid',
    bot: null,
    gateway: 'the request_id was made for another number',
  },
  REQUEST_ID_REQUIRED: { kind: 'invalid', bot: null, gateway: 'request_id is missing' },
  REQUEST_ID_INVALID: {
    kind: 'invalid',
    bot: null,
    gateway: "request_id is not 1-20 digits, is unknown, or is another account's",
  },
  MESSAGE_ALREADY_SENT: {
    kind: 'invalid',
    bot: null,
    gateway: 'a message was already sent with this request_id',
  },
  CODE_LENGTH_REQUIRED: { kind: 'invalid', bot: null, gateway: 'neither code nor code_length is given' },
  CODE_LENGTH_INVALID: { kind: 'invalid', bot: null, gateway: 'code_length is not an integer from 4 to 8' },
  CODE_INVALID: { kind: 'invalid', bot: null, gateway: 'code is not 4-8 digits' },
  TTL_INVALID: { kind: 'invalid', bot: null, gateway: 'ttl is not an integer from 30 to 3600' },
  CALLBACK_URL_INVALID: {
    kind: 'invalid',
    bot: null,
    gateway: 'callback_url is not an absolute URL of at most 256 bytes allowed by the profile',
  },
  PAYLOAD_INVALID: { kind: 'invalid', bot: null, gateway: 'payload is not a string of at most 128 bytes' },
  SENDER_USERNAME_INVALID: {
    kind: 'invalid',
    bot: null,
    gateway: 'sender_username is malformed or names no channel',
  },
  SENDER_NOT_VERIFIED: {
    kind: 'invalid',
    bot: null,
    gateway: "the channel is not verified (allowed for the owner's number)",
  },
  SENDER_NOT_OWNED: {
    kind: 'invalid',
    bot: null,
    gateway: "the channel's creator is not the account's owner",
  },
  BALANCE_NOT_ENOUGH: {
    kind: 'invalid',
    bot: null,
    gateway: 'the balance does not cover the price of the message',
  },
  // the control API's only (managing accounts, channels, devices, inboxes)
  GATEWAY_ACCOUNT_NOT_FOUND: { kind: 'not_found', bot: null },
  CHANNEL_NOT_FOUND: { kind: 'not_found', bot: null },
  VERIFICATION_NOT_FOUND: { kind: 'not_found', bot: null },
  NO_ONLINE_DEVICE: { kind: 'conflict', bot: null },
  VERIFICATION_MESSAGE_GONE: { kind: 'conflict', bot: null },
  CREDITS_INVALID: { kind: 'invalid', bot: null },
  PRICE_PREFIX_INVALID: { kind: 'invalid', bot: null },
} satisfies Refusals;

declare module '../core/refusals/index.js' {
  interface RefusalTables {
    gateway: typeof GATEWAY_REFUSALS;
  }
}
