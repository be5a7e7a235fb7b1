/**
 * request_ids as a keyed permutation of an increasing integer (ADR 0015, "request_ids from seq"):
 * `request_id = 10^14 + P(seq)`, where P is a secret permutation of [0, 9·10^14). Ids look like the
 * reference's (15 digits, not starting with 0, reference §3.5), are unique because P is one-to-one,
 * and tell nothing of the order or count of requests without the key; the store finds a request by
 * computing P⁻¹ instead of keeping an index of random ids.
 *
 * P is a balanced Feistel network on 50 bits (two 25-bit halves, 10 rounds, as many as FF1 uses)
 * whose round function is SipHash-2-4 under a 128-bit key, restricted to the domain by cycle
 * walking (a value past the domain is permuted again; on average 1.25 times). SipHash is a PRF made
 * for short inputs; written here on 32-bit halves, it costs well under a microsecond per round, where
 * an AES block through node:crypto costs over one.
 */

/** Ids are 10^14 + P(x), x in [0, DOMAIN): the 15-digit numbers that do not start with 0. */
export const ID_BASE = 1e14;
export const DOMAIN = 9e14;
const HALF_BITS = 25;
const HALF = 2 ** HALF_BITS;
const HALF_MASK = HALF - 1;
const ROUNDS = 10;

/** A request_id in the permutation's range, as its number in [0, DOMAIN); undefined otherwise. */
export function idOffset(requestId: string): number | undefined {
  if (requestId.length !== 15 || requestId.charCodeAt(0) === 48 /* 0 */) return undefined;
  const value = Number(requestId);
  return Number.isInteger(value) ? value - ID_BASE : undefined;
}

export class RequestIdPermutation {
  readonly #k: Uint32Array;

  /** `key`: 16 secret bytes (SipHash's k0 and k1, little-endian). */
  constructor(key: Uint8Array) {
    if (key.length !== 16) throw new Error('a request id key is 16 bytes');
    const view = new DataView(key.buffer, key.byteOffset, 16);
    // [k0 high, k0 low, k1 high, k1 low]
    this.#k = Uint32Array.of(
      view.getUint32(4, true),
      view.getUint32(0, true),
      view.getUint32(12, true),
      view.getUint32(8, true),
    );
  }

  /** The request_id of `seq` (an integer in [0, DOMAIN)). */
  idOf(seq: number): string {
    if (!Number.isSafeInteger(seq) || seq < 0 || seq >= DOMAIN) throw new RangeError(`seq ${seq}`);
    let x = this.#encrypt(seq);
    while (x >= DOMAIN) x = this.#encrypt(x);
    return String(ID_BASE + x);
  }

  /** The seq whose request_id this is, if it is one of the 15-digit ids. */
  seqOf(requestId: string): number | undefined {
    const offset = idOffset(requestId);
    if (offset === undefined) return undefined;
    let x = this.#decrypt(offset);
    while (x >= DOMAIN) x = this.#decrypt(x);
    return x;
  }

  #encrypt(x: number): number {
    let left = Math.floor(x / HALF);
    let right = x & HALF_MASK;
    for (let round = 0; round < ROUNDS; round++) {
      const next = (left ^ this.#round(round, right)) & HALF_MASK;
      left = right;
      right = next;
    }
    return left * HALF + right;
  }

  #decrypt(x: number): number {
    let left = Math.floor(x / HALF);
    let right = x & HALF_MASK;
    for (let round = ROUNDS - 1; round >= 0; round--) {
      const previous = (right ^ this.#round(round, left)) & HALF_MASK;
      right = left;
      left = previous;
    }
    return left * HALF + right;
  }

  /** The round function: SipHash-2-4 of the half and the round's number. */
  #round(round: number, half: number): number {
    return sipHash24(this.#k, half, round);
  }
}

/**
 * SipHash-2-4 (Aumasson and Bernstein) of a 5-byte message, bytes 0-3 the little-endian `word` and
 * byte 4 `extra`, under `k` = [k0 high, k0 low, k1 high, k1 low]; answers the low 32 bits of the
 * 64-bit result. A message under 8 bytes is one block (its length in the top byte), so this is six
 * SipRounds. 64-bit words are pairs of 32-bit ones; the rounds run in one loop over local variables
 * (calls and arrays per round made it several times slower).
 */
export function sipHash24(k: Uint32Array, word: number, extra: number): number {
  // v0 = k0 ^ "somepseu", v1 = k1 ^ "dorandom", v2 = k0 ^ "lygenera", v3 = k1 ^ "tedbytes"
  let v0h = (k[0]! ^ 0x736f6d65) >>> 0;
  let v0l = (k[1]! ^ 0x70736575) >>> 0;
  let v1h = (k[2]! ^ 0x646f7261) >>> 0;
  let v1l = (k[3]! ^ 0x6e646f6d) >>> 0;
  let v2h = (k[0]! ^ 0x6c796765) >>> 0;
  let v2l = (k[1]! ^ 0x6e657261) >>> 0;
  let v3h = (k[2]! ^ 0x74656462) >>> 0;
  let v3l = (k[3]! ^ 0x79746573) >>> 0;
  // The one block: the length (5) in the top byte, `extra` in byte 4, `word` in bytes 0-3.
  const bh = ((5 << 24) | (extra & 0xff)) >>> 0;
  const bl = word >>> 0;
  let sum: number;
  let t: number;
  for (let round = 0; round < 6; round++) {
    if (round === 0) {
      // The block: two rounds ...
      v3h = (v3h ^ bh) >>> 0;
      v3l = (v3l ^ bl) >>> 0;
    } else if (round === 2) {
      // ... then the finalisation: four rounds.
      v0h = (v0h ^ bh) >>> 0;
      v0l = (v0l ^ bl) >>> 0;
      v2l = (v2l ^ 0xff) >>> 0;
    }
    // v0 += v1; v1 = rotl(v1, 13); v1 ^= v0; v0 = rotl(v0, 32)
    sum = v0l + v1l;
    v0h = (v0h + v1h + (sum > 0xffffffff ? 1 : 0)) >>> 0;
    v0l = sum >>> 0;
    t = (v1h << 13) | (v1l >>> 19);
    v1l = (((v1l << 13) | (v1h >>> 19)) ^ v0l) >>> 0;
    v1h = (t ^ v0h) >>> 0;
    t = v0h;
    v0h = v0l;
    v0l = t;
    // v2 += v3; v3 = rotl(v3, 16); v3 ^= v2
    sum = v2l + v3l;
    v2h = (v2h + v3h + (sum > 0xffffffff ? 1 : 0)) >>> 0;
    v2l = sum >>> 0;
    t = (v3h << 16) | (v3l >>> 16);
    v3l = (((v3l << 16) | (v3h >>> 16)) ^ v2l) >>> 0;
    v3h = (t ^ v2h) >>> 0;
    // v0 += v3; v3 = rotl(v3, 21); v3 ^= v0
    sum = v0l + v3l;
    v0h = (v0h + v3h + (sum > 0xffffffff ? 1 : 0)) >>> 0;
    v0l = sum >>> 0;
    t = (v3h << 21) | (v3l >>> 11);
    v3l = (((v3l << 21) | (v3h >>> 11)) ^ v0l) >>> 0;
    v3h = (t ^ v0h) >>> 0;
    // v2 += v1; v1 = rotl(v1, 17); v1 ^= v2; v2 = rotl(v2, 32)
    sum = v2l + v1l;
    v2h = (v2h + v1h + (sum > 0xffffffff ? 1 : 0)) >>> 0;
    v2l = sum >>> 0;
    t = (v1h << 17) | (v1l >>> 15);
    v1l = (((v1l << 17) | (v1h >>> 15)) ^ v2l) >>> 0;
    v1h = (t ^ v2h) >>> 0;
    t = v2h;
    v2h = v2l;
    v2l = t;
  }
  return (v0l ^ v1l ^ v2l ^ v3l) >>> 0;
}
