/**
 * Random hex strings for tokens and ids drawn often (a workspace's admin token, a server's id), from
 * `randomUUID`'s pool of random bytes: a `randomBytes` call of their own was a few per cent of
 * creating a test's world (issue 28). Only a UUID's random characters are kept, not its version's
 * and variant's, so each character carries 4 random bits.
 */
import { randomUUID } from 'node:crypto';

/** `length` hex characters, each 4 random bits. */
export function randomHex(length: number): string {
  let out = '';
  while (out.length < length) {
    // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: 30 random characters (V holds only 2 random bits).
    const uuid = randomUUID();
    out += `${uuid.slice(0, 8)}${uuid.slice(9, 13)}${uuid.slice(15, 18)}${uuid.slice(20, 23)}${uuid.slice(24)}`;
  }
  return out.slice(0, length);
}
