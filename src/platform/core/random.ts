/**
 * The one injectable source of randomness for identifiers, tokens and codes. Production uses the
 * operating system's cryptographic generator; tests can pass a seeded one.
 */
import { randomBytes, randomInt } from 'node:crypto';

export interface Random {
  /** An integer in [min, max). */
  int(min: number, max: number): number;
  bytes(length: number): Buffer;
  /** A URL-safe string of `length` characters. */
  token(length: number): string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export const cryptoRandom: Random = {
  int(min, max) {
    // crypto.randomInt is limited to ranges below 2^48; wider ones draw 64 bits and reject the
    // values past the last whole multiple of the span, so that every result is equally likely.
    if (max - min < 2 ** 48) return randomInt(min, max);
    const span = BigInt(max - min);
    const limit = (1n << 64n) - ((1n << 64n) % span);
    for (;;) {
      const value = randomBytes(8).readBigUInt64BE(0);
      if (value < limit) return min + Number(value % span);
    }
  },
  bytes(length) {
    return randomBytes(length);
  },
  token(length) {
    const bytes = randomBytes(length);
    let out = '';
    for (let i = 0; i < length; i++) out += ALPHABET[bytes[i]! & 63];
    return out;
  },
};
