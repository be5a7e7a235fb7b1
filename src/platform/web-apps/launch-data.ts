/**
 * The signed launch data of a Mini App (Telegram.WebApp.initData), made exactly as the reference
 * platform describes it ("Validating data received via the Mini App"):
 *
 * - `signature`: Ed25519 over `<bot_id>:WebAppData\n<data-check-string>`, where the data-check-string
 *   is every field but `hash` and `signature`, sorted by name, as `name=value` lines joined by `\n`;
 *   base64url without padding. Anyone with the bot's id and the server's public key can check it.
 * - `hash`: hex HMAC-SHA-256 of the data-check-string of every field but `hash` (the signature
 *   included), under the key HMAC-SHA-256(key "WebAppData", message bot token).
 *
 * The fields are then URL-encoded as a query string, as the client hands them to the Mini App.
 * Parley's Ed25519 key is its own (signing-key.ts), not the reference platform's.
 */
import { createHmac, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** The data-check-string: `name=value` lines sorted by name, without the excluded fields. */
export function dataCheckString(fields: Record<string, string>, exclude: readonly string[]): string {
  return Object.keys(fields)
    .filter((name) => !exclude.includes(name))
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('\n');
}

/** HMAC_SHA256(key "WebAppData", message token): the key of the launch data's hash. */
export function webAppSecretKey(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

/** The DER prefix that wraps a 32-byte Ed25519 seed as PKCS#8. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export function ed25519PrivateKey(seed: Buffer): KeyObject {
  return createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]),
    format: 'der',
    type: 'pkcs8',
  });
}

/** The raw 32-byte public key, as hex (how the reference publishes its keys). */
export function ed25519PublicKeyHex(privateKey: KeyObject): string {
  const der = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return der.subarray(der.length - 32).toString('hex');
}

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo. */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export function ed25519PublicKey(hex: string): KeyObject {
  return createPublicKey({
    key: Buffer.concat([SPKI_ED25519_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });
}

export interface SignInput {
  /** The launch fields (query_id, user as JSON, auth_date, ...), values as the client sends them. */
  fields: Record<string, string>;
  botId: number;
  botToken: string;
  privateKey: KeyObject;
}

/** Signs the fields and answers the launch data string (a URL-encoded query string). */
export function signLaunchData({ fields, botId, botToken, privateKey }: SignInput): string {
  const thirdParty = `${botId}:WebAppData\n${dataCheckString(fields, ['hash', 'signature'])}`;
  const signature = sign(null, Buffer.from(thirdParty), privateKey).toString('base64url');
  const signed: Record<string, string> = { ...fields, signature };
  const hash = createHmac('sha256', webAppSecretKey(botToken))
    .update(dataCheckString(signed, ['hash']))
    .digest('hex');
  return new URLSearchParams({ ...signed, hash }).toString();
}

/** Checks the launch data's hash with a bot token (what a bot's server does). */
export function checkLaunchHash(initData: string, botToken: string): boolean {
  const fields = Object.fromEntries(new URLSearchParams(initData));
  if (typeof fields.hash !== 'string') return false;
  const expected = createHmac('sha256', webAppSecretKey(botToken))
    .update(dataCheckString(fields, ['hash']))
    .digest('hex');
  return expected === fields.hash;
}

/** Checks the launch data's signature with the bot's id and the server's public key (third parties). */
export function checkLaunchSignature(initData: string, botId: number, publicKeyHex: string): boolean {
  const fields = Object.fromEntries(new URLSearchParams(initData));
  if (typeof fields.signature !== 'string') return false;
  const message = `${botId}:WebAppData\n${dataCheckString(fields, ['hash', 'signature'])}`;
  return verify(
    null,
    Buffer.from(message),
    ed25519PublicKey(publicKeyHex),
    Buffer.from(fields.signature, 'base64url'),
  );
}
