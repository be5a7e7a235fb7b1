/**
 * The reference platform's Passport encryption (its "Telegram Passport" manual, "Decrypting data";
 * ADR 0054), with node:crypto only. Every encrypted value (an element's data, a file, the
 * credentials) is made the same way:
 *
 * - padding: 32-255 random bytes, the first of which is the padding's length, put before the
 *   plain bytes so that the total is a multiple of 16;
 * - hash = SHA-256 of the padded plain bytes; secret = 32 random bytes;
 * - SHA-512(secret ‖ hash) gives the AES-256-CBC key (its first 32 bytes) and iv (the next 16);
 * - the padded bytes are encrypted without further padding.
 *
 * The credentials' secret is then encrypted for the bot with RSA-OAEP (MGF1 and SHA-1) under the
 * bot's public key; only the bot's private key opens the credentials, which hold each element's
 * hash and secret. Randomness comes from the platform's one source (core/random.ts).
 */
import {
  constants,
  createCipheriv,
  createDecipheriv,
  createHash,
  createPublicKey,
  privateDecrypt,
  publicEncrypt,
  type KeyObject,
} from 'node:crypto';
import type { Random } from '../core/random.js';

/** The padding's bounds (the manual: "between 32 and 255 bytes"). */
export const MIN_PADDING = 32;
export const MAX_PADDING = 255;
/** Public keys shorter than this are refused (the manual asks for 2048-bit keys). */
export const MIN_RSA_BITS = 2048;

export interface EncryptedValue {
  /** The encrypted, padded bytes. */
  data: Buffer;
  /** SHA-256 of the padded plain bytes. */
  hash: Buffer;
  /** The 32-byte secret the key and iv derive from. */
  secret: Buffer;
}

/** The padding for `length` plain bytes: its length byte first, the rest random. */
function padding(length: number, random: Random): Buffer {
  // The smallest padding of at least MIN_PADDING that makes the total a multiple of 16, plus a
  // random number of whole blocks while it stays within MAX_PADDING.
  let size = MIN_PADDING + ((16 - ((length + MIN_PADDING) % 16)) % 16);
  const extraBlocks = Math.floor((MAX_PADDING - size) / 16);
  size += 16 * random.int(0, extraBlocks + 1);
  const pad = random.bytes(size);
  pad[0] = size;
  return pad;
}

/** The key and iv of a secret and hash: SHA-512(secret ‖ hash), bytes 0-31 and 32-47. */
export function keyAndIv(secret: Buffer, hash: Buffer): { key: Buffer; iv: Buffer } {
  const digest = createHash('sha512').update(secret).update(hash).digest();
  return { key: digest.subarray(0, 32), iv: digest.subarray(32, 48) };
}

/** Pads and encrypts `plain` under a new random secret. */
export function encryptValue(plain: Buffer, random: Random): EncryptedValue {
  const padded = Buffer.concat([padding(plain.length, random), plain]);
  const hash = createHash('sha256').update(padded).digest();
  const secret = random.bytes(32);
  const { key, iv } = keyAndIv(secret, hash);
  const cipher = createCipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
  return { data: Buffer.concat([cipher.update(padded), cipher.final()]), hash, secret };
}

/**
 * Decrypts a value and checks it (hash, padding); throws when it does not check. Parley never
 * needs it on its own path; the unit tests and docs/passport.md use it as the bot's side.
 */
export function decryptValue(data: Buffer, secret: Buffer, hash: Buffer): Buffer {
  const { key, iv } = keyAndIv(secret, hash);
  const decipher = createDecipheriv('aes-256-cbc', key, iv).setAutoPadding(false);
  const padded = Buffer.concat([decipher.update(data), decipher.final()]);
  if (!createHash('sha256').update(padded).digest().equals(hash)) throw new Error('data hash mismatch');
  const size = padded[0] ?? 0;
  if (size < MIN_PADDING || size > padded.length) throw new Error('bad padding');
  return padded.subarray(size);
}

/**
 * A bot's Passport public key from PEM (SPKI "PUBLIC KEY" or PKCS#1 "RSA PUBLIC KEY"): an RSA key
 * of at least MIN_RSA_BITS. Answers a reason when it is not one.
 */
export function readPublicKey(pem: string): { key: KeyObject } | { reason: string } {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: pem, format: 'pem' });
  } catch {
    return { reason: 'public_key is not a PEM public key' };
  }
  if (key.asymmetricKeyType !== 'rsa') return { reason: 'public_key must be an RSA key' };
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < MIN_RSA_BITS) return { reason: `public_key must have at least ${MIN_RSA_BITS} bits` };
  return { key };
}

/** The credentials' secret for the bot: RSA-OAEP with SHA-1 under its public key. */
export function encryptSecretForBot(secret: Buffer, publicKey: KeyObject | string): Buffer {
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    secret,
  );
}

/** The bot's side of encryptSecretForBot (tests and docs). */
export function decryptSecretWithKey(encrypted: Buffer, privateKey: KeyObject | string): Buffer {
  return privateDecrypt(
    { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
    encrypted,
  );
}
