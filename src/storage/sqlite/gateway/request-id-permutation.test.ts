/**
 * The keyed permutation behind made request_ids: SipHash-2-4 against the reference vectors (through a
 * plain BigInt transcription of the paper, checked against the fast one), and the permutation is
 * one-to-one onto the 15-digit ids and inverted by seqOf.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DOMAIN, idOffset, RequestIdPermutation, sipHash24 } from './request-id-permutation.js';

const MASK = (1n << 64n) - 1n;
const rotl = (x: bigint, b: bigint) => ((x << b) | (x >> (64n - b))) & MASK;

/** SipHash-2-4 as the paper writes it, on BigInt: slow and plain. */
function referenceSipHash(key: Uint8Array, message: Uint8Array): bigint {
  const word = (bytes: Uint8Array, at: number, length = 8) => {
    let value = 0n;
    for (let i = length - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[at + i]!);
    return value;
  };
  const k0 = word(key, 0);
  const k1 = word(key, 8);
  let v0 = k0 ^ 0x736f6d6570736575n;
  let v1 = k1 ^ 0x646f72616e646f6dn;
  let v2 = k0 ^ 0x6c7967656e657261n;
  let v3 = k1 ^ 0x7465646279746573n;
  const round = () => {
    v0 = (v0 + v1) & MASK;
    v1 = rotl(v1, 13n) ^ v0;
    v0 = rotl(v0, 32n);
    v2 = (v2 + v3) & MASK;
    v3 = rotl(v3, 16n) ^ v2;
    v0 = (v0 + v3) & MASK;
    v3 = rotl(v3, 21n) ^ v0;
    v2 = (v2 + v1) & MASK;
    v1 = rotl(v1, 17n) ^ v2;
    v2 = rotl(v2, 32n);
  };
  const blocks = Math.floor(message.length / 8);
  const absorb = (m: bigint) => {
    v3 ^= m;
    round();
    round();
    v0 ^= m;
  };
  for (let i = 0; i < blocks; i++) absorb(word(message, i * 8));
  absorb((BigInt(message.length & 0xff) << 56n) | word(message, blocks * 8, message.length % 8));
  v2 ^= 0xffn;
  for (let i = 0; i < 4; i++) round();
  return v0 ^ v1 ^ v2 ^ v3;
}

const KEY = Uint8Array.from({ length: 16 }, (_, i) => i);
const bytes = (length: number) => Uint8Array.from({ length }, (_, i) => i);
/** The paper's vectors (key 00..0f, message 00..len-1), as the little-endian 64-bit result. */
const littleEndian = (hex: string) => BigInt(`0x${Buffer.from(hex, 'hex').reverse().toString('hex')}`);

/** The fast function's key form: [k0 high, k0 low, k1 high, k1 low]. */
function words(key: Uint8Array): Uint32Array {
  const view = new DataView(key.buffer, key.byteOffset, 16);
  return Uint32Array.of(
    view.getUint32(4, true),
    view.getUint32(0, true),
    view.getUint32(12, true),
    view.getUint32(8, true),
  );
}

describe('SipHash-2-4', () => {
  it('gives the reference vectors', () => {
    expect(referenceSipHash(KEY, bytes(0))).toBe(littleEndian('310e0edd47db6f72'));
    expect(referenceSipHash(KEY, bytes(5))).toBe(littleEndian('8da699cd64557618'));
    expect(referenceSipHash(KEY, bytes(8))).toBe(littleEndian('6224939a79f5f593'));
    expect(referenceSipHash(KEY, bytes(15))).toBe(littleEndian('e545be4961ca29a1'));
    // The fast one on the same 5-byte message: the low 32 bits.
    expect(sipHash24(words(KEY), 0x03020100, 4)).toBe(Number(littleEndian('8da699cd64557618') & 0xffffffffn));
  });

  it('agrees with the reference on random keys and messages', () => {
    for (let i = 0; i < 500; i++) {
      const key = randomBytes(16);
      const message = randomBytes(5);
      const expected = Number(referenceSipHash(key, message) & 0xffffffffn);
      expect(sipHash24(words(key), message.readUInt32LE(0), message[4]!)).toBe(expected);
    }
  });
});

describe('the request_id permutation', () => {
  const permutation = new RequestIdPermutation(randomBytes(16));

  it('maps seqs one-to-one onto 15-digit ids and back', () => {
    const seen = new Set<string>();
    const seqs = [0, 1, 2, 3, DOMAIN - 1, DOMAIN - 2, 2 ** 25, 2 ** 40 + 7];
    for (let i = 0; i < 5000; i++) seqs.push(i * 7919 + 11);
    for (const seq of seqs) {
      const id = permutation.idOf(seq);
      expect(id).toMatch(/^[1-9]\d{14}$/);
      expect(permutation.seqOf(id)).toBe(seq);
      seen.add(id);
    }
    expect(seen.size).toBe(new Set(seqs).size);
  });

  it('inverts every 15-digit id, and no other text', () => {
    for (const id of ['100000000000000', '999999999999999', '123456789012345']) {
      const seq = permutation.seqOf(id)!;
      expect(seq).toBeGreaterThanOrEqual(0);
      expect(seq).toBeLessThan(DOMAIN);
      expect(permutation.idOf(seq)).toBe(id);
    }
    for (const id of ['1', '012345678901234', '1234567890123456', '12345678901234a', '']) {
      expect(idOffset(id)).toBeUndefined();
      expect(permutation.seqOf(id)).toBeUndefined();
    }
  });

  it('depends on the key', () => {
    const other = new RequestIdPermutation(randomBytes(16));
    const same = [1, 2, 3, 4, 5].filter((seq) => other.idOf(seq) === permutation.idOf(seq));
    expect(same).toEqual([]);
    expect(() => new RequestIdPermutation(randomBytes(15))).toThrow();
    expect(() => permutation.idOf(DOMAIN)).toThrow(RangeError);
  });
});
