/**
 * Delivery report signatures (spec §6): secret_key = SHA-256(token) as raw bytes;
 * signature = hex(HMAC-SHA-256(secret_key, timestamp + "\n" + body)).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** The signing key of a token: the 32 raw bytes of its SHA-256 (not the hex text). */
export function signingKeyOf(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

export function signReport(signingKey: Buffer, timestamp: number | string, body: string): string {
  return createHmac('sha256', signingKey).update(`${timestamp}\n${body}`).digest('hex');
}

/**
 * What a receiver should do (reference §7.2): the signature is 64 lowercase hex characters, equal in
 * constant time, and the timestamp within `toleranceSeconds` of `nowSeconds` in either direction.
 */
export function verifyReport(
  token: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  nowSeconds: number,
  toleranceSeconds = 300,
): boolean {
  const { timestamp, signature } = headers;
  if (timestamp === undefined || signature === undefined) return false;
  if (!/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) return false;
  const expected = Buffer.from(signReport(signingKeyOf(token), timestamp, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
