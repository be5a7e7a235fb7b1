import { constants, createDecipheriv, createHash, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cryptoRandom } from '../core/random.js';
import {
  decryptSecretWithKey,
  decryptValue,
  encryptSecretForBot,
  encryptValue,
  keyAndIv,
  MAX_PADDING,
  MIN_PADDING,
  readPublicKey,
} from './passport-crypto.js';

describe('Passport encryption', () => {
  it('pads with 32-255 bytes led by their count to a multiple of 16, hashes the padded bytes', () => {
    for (const length of [0, 1, 15, 16, 17, 100, 1000]) {
      const plain = Buffer.alloc(length, 7);
      const { data, hash, secret } = encryptValue(plain, cryptoRandom);
      expect(data.length % 16).toBe(0);
      expect(secret).toHaveLength(32);
      // Decrypted independently: SHA-512(secret ‖ hash) → key, iv; AES-256-CBC without padding.
      const digest = createHash('sha512')
        .update(Buffer.concat([secret, hash]))
        .digest();
      const decipher = createDecipheriv('aes-256-cbc', digest.subarray(0, 32), digest.subarray(32, 48));
      decipher.setAutoPadding(false);
      const padded = Buffer.concat([decipher.update(data), decipher.final()]);
      expect(createHash('sha256').update(padded).digest()).toEqual(hash);
      const padding = padded[0]!;
      expect(padding).toBeGreaterThanOrEqual(MIN_PADDING);
      expect(padding).toBeLessThanOrEqual(MAX_PADDING);
      expect(padded.length).toBe(length + padding);
      expect(padded.subarray(padding)).toEqual(plain);
      expect(decryptValue(data, secret, hash)).toEqual(plain);
    }
  });

  it('derives key and iv from SHA-512 of secret and hash', () => {
    const secret = Buffer.alloc(32, 1);
    const hash = Buffer.alloc(32, 2);
    const digest = createHash('sha512')
      .update(Buffer.concat([secret, hash]))
      .digest();
    expect(keyAndIv(secret, hash)).toEqual({ key: digest.subarray(0, 32), iv: digest.subarray(32, 48) });
  });

  it('refuses a value whose hash does not match', () => {
    const { data, secret, hash } = encryptValue(Buffer.from('{"a":1}'), cryptoRandom);
    const other = Buffer.from(hash);
    other[0]! ^= 1;
    expect(() => decryptValue(data, secret, other)).toThrow();
  });

  it("encrypts the secret with RSA-OAEP (SHA-1) for the bot's key only", () => {
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const secret = Buffer.alloc(32, 9);
    const encrypted = encryptSecretForBot(secret, keys.publicKey);
    expect(
      privateDecrypt(
        { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
        encrypted,
      ),
    ).toEqual(secret);
    expect(decryptSecretWithKey(encrypted, keys.privateKey)).toEqual(secret);
    const wrong = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(() => decryptSecretWithKey(encrypted, wrong.privateKey)).toThrow();
  });

  it('reads RSA public keys of 2048 bits or more in SPKI and PKCS#1 PEM', () => {
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(readPublicKey(keys.publicKey.export({ type: 'spki', format: 'pem' }).toString())).toHaveProperty(
      'key',
    );
    expect(readPublicKey(keys.publicKey.export({ type: 'pkcs1', format: 'pem' }).toString())).toHaveProperty(
      'key',
    );
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 });
    expect(readPublicKey(small.publicKey.export({ type: 'spki', format: 'pem' }).toString())).toEqual({
      reason: 'public_key must have at least 2048 bits',
    });
    expect(readPublicKey('nope')).toEqual({ reason: 'public_key is not a PEM public key' });
  });
});
