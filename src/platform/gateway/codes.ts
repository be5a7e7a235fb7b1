/**
 * Verification codes (reference §6): made with the cryptographic source (uniform digits, leading
 * zeros allowed), stored only as a keyed hash bound to the request, compared in constant time.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Random } from '../core/random.js';
import type { ServerKey } from './server-key.js';

export const CODE_PATTERN = /^\d{4,8}$/;

export function generateCode(random: Random, length: number): string {
  return String(random.int(0, 10 ** length)).padStart(length, '0');
}

/** The stored form of a code: bound to its request, so it is worth nothing for another one. */
export function hashCode(key: ServerKey, requestId: string, code: string): Promise<string> {
  return key.hmac('code', `${requestId}:${code}`);
}

/** Compares the keyed hash of an entered code with the stored one, in constant time. */
export function codeMatches(givenHash: string, storedHash: string): boolean {
  const given = Buffer.from(givenHash, 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
