/**
 * Addresses that an outbound request (webhook, delivery report, file by URL) may not target in the
 * `strict` profile: loopback, private, link-local, shared, documentation and multicast ranges
 * (RFC 6890 and friends).
 */
import { BlockList, isIP } from 'node:net';

/**
 * IPv4 and IPv6 ranges are kept in two lists: a BlockList matches IPv4 addresses against an IPv6
 * `::ffff:0:0/96` entry, so one list holding that entry would reserve every IPv4 address.
 * IPv4-mapped IPv6 addresses are checked as the IPv4 they carry.
 */
const reservedV4 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  reservedV4.addSubnet(net, prefix, 'ipv4');
}
const reservedV6 = new BlockList();
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  reservedV6.addSubnet(net, prefix, 'ipv6');
}

/** Whether the strict profile refuses this address as a target. */
export function isReservedAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return reservedV4.check(mapped[1]!, 'ipv4');
  // The same in hex, as URL parsing writes it: ::ffff:7f00:1 is 127.0.0.1.
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip);
  if (hex) {
    const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
    return reservedV4.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  const family = isIP(ip);
  if (family === 4) return reservedV4.check(ip, 'ipv4');
  // IPv6: check only against IPv6 ranges (an IPv4 range would match mapped forms, handled above).
  return family === 6 && reservedV6.check(ip, 'ipv6');
}
