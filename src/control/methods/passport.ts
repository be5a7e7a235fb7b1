/**
 * Passport through the control API (docs/passport.md, docs/control-api.md "Passport"; ADR 0054):
 * a bot's public key, a person sharing Passport data with a bot, the errors the bot set.
 */
import { ControlError, type RouteContext } from '../control-context.js';
import { MAX_PASSPORT_FILE_BYTES, type ShareElementInput } from '../../platform/passport/passport.js';

/** The largest JSON body of `POST /control/passport/share`: a few full-size files as base64. */
export const PASSPORT_SHARE_BODY_LIMIT = 64 << 20;

const bad = (message: string) => new ControlError(400, 'BAD_REQUEST', message);

/** Standard or URL-safe base64, padding optional; anything else is refused rather than skipped. */
function bytes(value: unknown, name: string): Buffer {
  if (typeof value !== 'string') throw bad(`${name} must be a base64 string`);
  const text = value.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text) || text.replace(/=+$/, '').length % 4 === 1) {
    throw bad(`${name} is not base64`);
  }
  const data = Buffer.from(text, 'base64');
  if (data.length > MAX_PASSPORT_FILE_BYTES) throw bad(`${name} is larger than 10 MB`);
  return data;
}

function optionalBytes(object: Record<string, unknown>, name: string, at: string): Buffer | undefined {
  return object[name] === undefined ? undefined : bytes(object[name], `${at}.${name}`);
}

function optionalList(object: Record<string, unknown>, name: string, at: string): Buffer[] | undefined {
  const value = object[name];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw bad(`${at}.${name} must be an array of base64 strings`);
  return value.map((item, i) => bytes(item, `${at}.${name}[${i}]`));
}

function optionalString(object: Record<string, unknown>, name: string, at: string): string | undefined {
  const value = object[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' && typeof value !== 'number') throw bad(`${at}.${name} must be a string`);
  return String(value);
}

/** One element of the request, its files decoded; the platform checks what the type may hold. */
function readElement(value: Record<string, unknown>, i: number): ShareElementInput {
  const at = `elements[${i}]`;
  const type = optionalString(value, 'type', at);
  if (type === undefined) throw bad(`${at}.type is required`);
  const data = value.data;
  if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data))) {
    throw bad(`${at}.data must be an object`);
  }
  return {
    type,
    data: data as Record<string, unknown> | undefined,
    phone_number: optionalString(value, 'phone_number', at),
    email: optionalString(value, 'email', at),
    front_side: optionalBytes(value, 'front_side', at),
    reverse_side: optionalBytes(value, 'reverse_side', at),
    selfie: optionalBytes(value, 'selfie', at),
    files: optionalList(value, 'files', at),
    translation: optionalList(value, 'translation', at),
  };
}

/** POST /control/bots/passport-key: the bot's RSA public key (PEM). */
export async function setBotPassportKey({ platform, input }: RouteContext<'setBotPassportKey'>) {
  await platform.passport.setPublicKey(input.bot, input.public_key);
  return true as const;
}

/** POST /control/passport/share: a person shares Passport elements with a bot. */
export async function sharePassportData({ platform, input }: RouteContext<'sharePassportData'>) {
  const elements = input.elements.map((element, i) => readElement(element, i));
  return platform.passport.share(input.user, input.bot, input.nonce, elements);
}

/** GET /control/passport/errors: the errors the bot set on what the person shared. */
export async function getPassportErrors({ platform, input }: RouteContext<'getPassportErrors'>) {
  return platform.passport.listErrors(input.user, input.bot);
}
