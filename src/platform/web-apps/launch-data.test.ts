/** The launch data's signing (launch-data.ts): the hash covers the signature, both check. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkLaunchHash,
  checkLaunchSignature,
  dataCheckString,
  ed25519PrivateKey,
  ed25519PublicKeyHex,
  signLaunchData,
} from './launch-data.js';

describe('Mini App launch data', () => {
  const privateKey = ed25519PrivateKey(randomBytes(32));
  const publicKey = ed25519PublicKeyHex(privateKey);
  const initData = signLaunchData({
    fields: { user: '{"id":7,"first_name":"Ann"}', auth_date: '1700000000', query_id: 'AAq' },
    botId: 42,
    botToken: '42:secret',
    privateKey,
  });

  it('sorts the data-check-string by name, without the excluded fields', () => {
    expect(dataCheckString({ b: '2', a: '1', hash: 'x' }, ['hash'])).toBe('a=1\nb=2');
  });

  it('checks the hash with the bot token only, and the signature with the bot id and key', () => {
    const fields = new URLSearchParams(initData);
    expect(fields.get('signature')).toMatch(/^[A-Za-z0-9_-]{86}$/);
    expect(fields.get('hash')).toMatch(/^[0-9a-f]{64}$/);
    expect(checkLaunchHash(initData, '42:secret')).toBe(true);
    expect(checkLaunchHash(initData, '42:other')).toBe(false);
    expect(checkLaunchSignature(initData, 42, publicKey)).toBe(true);
    expect(checkLaunchSignature(initData, 43, publicKey)).toBe(false);
    expect(publicKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('fails both checks when a field changes', () => {
    const tampered = initData.replace('auth_date=1700000000', 'auth_date=1700000001');
    expect(checkLaunchHash(tampered, '42:secret')).toBe(false);
    expect(checkLaunchSignature(tampered, 42, publicKey)).toBe(false);
  });
});
