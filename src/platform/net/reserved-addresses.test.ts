import { describe, expect, it } from 'vitest';
import { isReservedAddress } from './reserved-addresses.js';

describe('isReservedAddress', () => {
  it('refuses IPv4 loopback, private, shared, link-local, documentation and multicast ranges', () => {
    for (const ip of [
      '0.0.0.0',
      '127.0.0.1',
      '127.83.41.7',
      '10.1.2.3',
      '100.64.0.1',
      '169.254.169.254',
      '172.16.0.1',
      '192.168.1.1',
      '198.18.0.1',
      '203.0.113.9',
      '224.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isReservedAddress(ip), ip).toBe(true);
    }
  });

  it('refuses IPv6 forms that carry a reserved IPv4 address', () => {
    for (const ip of [
      // IPv4-compatible (::/96), dotted and in hex
      '::127.0.0.1',
      '::7f00:1',
      '::a00:1',
      '::10.0.0.1',
      // IPv4-mapped (::ffff:0:0/96)
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '0:0:0:0:0:ffff:a9fe:a9fe',
      // IPv4-translated (::ffff:0:0:0/96)
      '::ffff:0:7f00:1',
      '::ffff:0:a00:1',
      '::ffff:0:192.168.0.1',
      // 6to4 (2002::/16)
      '2002:7f00:1::',
      '2002:a00:1::1',
      '2002:c0a8:101:0:0:0:0:1',
      // NAT64, well-known prefix (64:ff9b::/96)
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      // Uppercase and a zone are the same addresses
      '::FFFF:7F00:1',
      '::ffff:127.0.0.1%lo',
    ]) {
      expect(isReservedAddress(ip), ip).toBe(true);
    }
  });

  it('refuses IPv6 ranges of their own', () => {
    for (const ip of [
      '::',
      '::1',
      '0:0:0:0:0:0:0:1',
      'fe80::1',
      'fe80::1%eth0',
      'fc00::1',
      'fd12:3456::1',
      'fec0::1',
      'ff02::1',
      '2001:db8::1',
      '3fff::1',
      '100::1',
      // NAT64 local-use prefix (64:ff9b:1::/48): reserved whole, whatever the IPv4 inside
      '64:ff9b:1::808:808',
      '64:ff9b:1:ffff::1',
      // Teredo (2001::/32, in 2001::/23): reserved whole, also with a public client address
      // (here 65.54.227.120 as server, client 192.0.2.45 and 8.8.8.8 inverted)
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
      '2001:2::1',
    ]) {
      expect(isReservedAddress(ip), ip).toBe(true);
    }
  });

  it('accepts public addresses, also in the forms that carry one', () => {
    for (const ip of [
      '8.8.8.8',
      '1.1.1.1',
      '93.184.216.34',
      '2606:4700::1111',
      '2a00:1450:4001:82a::200e',
      '2001:4860:4860::8888',
      '::ffff:8.8.8.8',
      '::ffff:808:808',
      '::ffff:0:808:808',
      '::8.8.8.8',
      '2002:0808:0808::',
      '2002:808:808::1',
      '64:ff9b::8.8.8.8',
      '64:ff9b::101:101',
    ]) {
      expect(isReservedAddress(ip), ip).toBe(false);
    }
  });

  it('does not take names or garbage for addresses', () => {
    for (const text of ['localhost', 'example.com', '', '::ffff:999.0.0.1', '1:2:3:4:5:6:7:8:9']) {
      expect(isReservedAddress(text), text).toBe(false);
    }
  });
});
