import { describe, expect, it } from 'vitest';
import { checkTarget, isReservedAddress, parseWebhookUrl, TargetRejected } from './webhook-target.js';

describe('reserved addresses', () => {
  it('refuses loopback, private, link-local and documentation ranges', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.1.1',
      '::1',
      'fe80::1',
      'fc00::1',
    ]) {
      expect(isReservedAddress(ip), ip).toBe(true);
    }
  });
  it('accepts public addresses, also IPv4-mapped ones', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8']) {
      expect(isReservedAddress(ip), ip).toBe(false);
    }
    expect(isReservedAddress('::ffff:127.0.0.1')).toBe(true);
    expect(isReservedAddress('::ffff:7f00:1')).toBe(true);
    expect(isReservedAddress('64:ff9b::7f00:1')).toBe(true);
  });
});

describe('checkTarget in the strict profile', () => {
  it('accepts a public HTTPS target on a hosted port', async () => {
    const target = await checkTarget(parseWebhookUrl('https://8.8.8.8:8443/hook')!, 'strict', undefined);
    expect(target.ip).toBe('8.8.8.8');
  });
  it('refuses a reserved one', async () => {
    await expect(
      checkTarget(parseWebhookUrl('https://192.168.0.10/hook')!, 'strict', undefined),
    ).rejects.toBeInstanceOf(TargetRejected);
  });
});
