/**
 * The rules of the methods' parameters (spec §4, §8; reference §3.1, §4.1), in the reference's order:
 * phone number, code or code_length, request_id, ttl, callback_url, payload, sender. Values arrive
 * as the transport read them: strings from a query or form, any JSON type from a JSON body.
 */
import type { Profile } from '../../config/config.js';
import { checkCallbackUrl } from './callback-url.js';
import { CODE_PATTERN } from './codes.js';
import { GatewayError } from './gateway-error.js';
import type { HostLookup } from '../net/outbound-connector.js';
import { normalizePhone } from './phone.js';

export const MIN_TTL = 30;
export const MAX_TTL = 3600;
export const MAX_PAYLOAD_BYTES = 128;
const REQUEST_ID = /^\d{1,20}$/;
const USERNAME = /^[a-zA-Z][a-zA-Z0-9_]{3,30}[a-zA-Z0-9]$/;

/** The raw parameters of sendVerificationMessage. */
export interface SendParams {
  phone_number?: unknown;
  request_id?: unknown;
  sender_username?: unknown;
  code?: unknown;
  code_length?: unknown;
  callback_url?: unknown;
  payload?: unknown;
  ttl?: unknown;
}

export interface SendInput {
  phone: string;
  requestId?: string | undefined;
  senderUsername?: string | undefined;
  /** The caller's code, or undefined for a generated one of `codeLength` digits. */
  code?: string | undefined;
  codeLength: number;
  callbackUrl?: string | undefined;
  payload?: string | undefined;
  ttl?: number | undefined;
}

/** Absent: undefined, null or the empty string (an empty query value means "not given"). */
export function isAbsent(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || value === '';
}

/** A 32-bit signed integer (spec §2) from a JSON integer or a decimal string; undefined otherwise. */
export function int32(value: unknown): number | undefined {
  let number: number | undefined;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && /^\s*[+-]?\d{1,10}\s*$/.test(value)) number = Number(value);
  if (number === undefined || !Number.isInteger(number) || number < -(2 ** 31) || number >= 2 ** 31) {
    return undefined;
  }
  return number;
}

/** Strings as given; integers of a JSON body as their decimal text (ids and codes are digits). */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return undefined;
}

export function readPhone(value: unknown): string {
  const phone = isAbsent(value) ? undefined : normalizePhone(value);
  if (!phone) throw new GatewayError('PHONE_NUMBER_INVALID', 'phone_number must be in E.164 format');
  return phone;
}

/** A request_id of the right shape (reference §5: up to 20 digits); whether it exists is for later. */
export function readRequestId(value: unknown, required: boolean): string | undefined {
  if (isAbsent(value)) {
    if (required) throw new GatewayError('REQUEST_ID_REQUIRED', 'request_id is required');
    return undefined;
  }
  const text = asText(value)?.trim();
  if (text === undefined || !REQUEST_ID.test(text)) {
    throw new GatewayError('REQUEST_ID_INVALID', 'request_id is not a request identifier');
  }
  return text;
}

/** A code as a user would enter it: 4-8 digits. */
export function readCode(value: unknown): string | undefined {
  if (isAbsent(value)) return undefined;
  const text = asText(value);
  if (text === undefined || !CODE_PATTERN.test(text)) {
    throw new GatewayError('CODE_INVALID', 'code must be 4 to 8 digits');
  }
  return text;
}

export async function readSendParams(
  params: SendParams,
  profile: Profile,
  lookup?: HostLookup,
): Promise<SendInput> {
  const phone = readPhone(params.phone_number);
  const code = readCode(params.code);
  let codeLength: number;
  if (code !== undefined) {
    // When code is given, code_length is ignored (spec §4), even a malformed one.
    codeLength = code.length;
  } else {
    if (isAbsent(params.code_length)) {
      throw new GatewayError('CODE_LENGTH_REQUIRED', 'code_length is required when code is not given');
    }
    const length = int32(params.code_length);
    if (length === undefined || length < 4 || length > 8) {
      throw new GatewayError('CODE_LENGTH_INVALID', 'code_length must be an integer from 4 to 8');
    }
    codeLength = length;
  }
  const requestId = readRequestId(params.request_id, false);

  let ttl: number | undefined;
  if (!isAbsent(params.ttl)) {
    ttl = int32(params.ttl);
    if (ttl === undefined || ttl < MIN_TTL || ttl > MAX_TTL) {
      throw new GatewayError('TTL_INVALID', `ttl must be an integer from ${MIN_TTL} to ${MAX_TTL}`);
    }
  }

  let callbackUrl: string | undefined;
  if (!isAbsent(params.callback_url)) {
    if (typeof params.callback_url !== 'string') {
      throw new GatewayError('CALLBACK_URL_INVALID', 'callback_url must be a string');
    }
    callbackUrl = await checkCallbackUrl(params.callback_url, profile, lookup);
  }

  let payload: string | undefined;
  if (!isAbsent(params.payload)) {
    if (typeof params.payload !== 'string' || Buffer.byteLength(params.payload, 'utf8') > MAX_PAYLOAD_BYTES) {
      throw new GatewayError(
        'PAYLOAD_INVALID',
        `payload must be a string of at most ${MAX_PAYLOAD_BYTES} bytes`,
      );
    }
    payload = params.payload;
  }

  let senderUsername: string | undefined;
  if (!isAbsent(params.sender_username)) {
    const text = typeof params.sender_username === 'string' ? params.sender_username.replace(/^@/, '') : '';
    if (!USERNAME.test(text)) {
      throw new GatewayError('SENDER_USERNAME_INVALID', 'sender_username is not a channel username');
    }
    senderUsername = text;
  }

  return { phone, requestId, senderUsername, code, codeLength, callbackUrl, payload, ttl };
}
