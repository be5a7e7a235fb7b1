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
  it('refuses IPv6 forms that carry a reserved IPv4 address', async () => {
    for (const text of [
      'https://[::127.0.0.1]/hook',
      'https://[::ffff:0:7f00:1]/',
      'https://[2002:7f00:1::]/',
    ]) {
      await expect(checkTarget(parseWebhookUrl(text)!, 'strict', undefined), text).rejects.toThrow(
        /is reserved$/,
      );
    }
  });
  it('resolves names with the given resolver and refuses a name with any reserved answer', async () => {
    const lookup = async (hostname: string) =>
      hostname === 'hooks.example'
        ? [{ address: '93.184.215.14', family: 4 }]
        : [
            { address: '93.184.215.14', family: 4 },
            { address: '10.0.0.8', family: 4 },
          ];
    const target = await checkTarget(parseWebhookUrl('hooks.example/x')!, 'strict', undefined, lookup);
    expect(target.ip).toBe('93.184.215.14');
    await expect(
      checkTarget(parseWebhookUrl('mixed.example/x')!, 'strict', undefined, lookup),
    ).rejects.toThrow('IP address 10.0.0.8 is reserved');
    // local takes it (loopback and private receivers are the point there).
    expect(
      (await checkTarget(parseWebhookUrl('http://mixed.example/x')!, 'local', undefined, lookup)).ip,
    ).toBe('93.184.215.14');
  });
});
