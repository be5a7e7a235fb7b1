/**
 * Addresses that an outbound request (webhook, delivery report, file by URL) may not target in the
 * `strict` profile: loopback, private, link-local, shared, documentation and multicast ranges
 * (RFC 6890 and the IANA special-purpose registries).
 *
 * An IPv6 address that carries an IPv4 address is checked as that IPv4 address, since that is
 * where a packet sent to it ends up (or where a translator on the path sends it):
 *   ::a.b.c.d            IPv4-compatible (::/96; `::` and `::1` fall in 0.0.0.0/8 this way)
 *   ::ffff:a.b.c.d       IPv4-mapped (::ffff:0:0/96)
 *   ::ffff:0:a.b.c.d     IPv4-translated (::ffff:0:0:0/96, SIIT)
 *   64:ff9b::a.b.c.d     NAT64 well-known prefix (64:ff9b::/96)
 *   2002:AABB:CCDD::     6to4 (2002::/16; the IPv4 address is in bits 16-47)
 * The local-use NAT64 prefix 64:ff9b:1::/48 is reserved whole: where the IPv4 address sits in it
 * depends on the prefix length a local network chose, and it is local by definition (RFC 8215).
 * Teredo (2001::/32, inside 2001::/23) is reserved whole too: its client address (the last 32
 * bits, inverted) is a NAT's outside mapping reached through a relay, not a place for a webhook,
 * and IANA marks 2001::/23 not globally reachable.
 */
import { BlockList, isIP } from 'node:net';

/**
 * IPv4 and IPv6 ranges are kept in two lists: a BlockList matches IPv4 addresses against an IPv6
 * `::ffff:0:0/96` entry, so one list holding that entry would reserve every IPv4 address.
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
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  reservedV4.addSubnet(net, prefix, 'ipv4');
}
/** Ranges of addresses that carry no IPv4 address (those are checked as IPv4, see above). */
const reservedV6 = new BlockList();
for (const [net, prefix] of [
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['3fff::', 20],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  reservedV6.addSubnet(net, prefix, 'ipv6');
}

/** Whether the strict profile refuses this address as a target. Anything not an IP address is not. */
export function isReservedAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return reservedV4.check(ip, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(ip);
  const embedded = embeddedIpv4(groups);
  if (embedded !== undefined) return reservedV4.check(embedded, 'ipv4');
  return reservedV6.check(groups.map((group) => group.toString(16)).join(':'), 'ipv6');
}

/**
 * The eight 16-bit groups of an IPv6 address that isIP accepted: `::` expanded, a trailing
 * dotted quad read as two groups, a zone (`%eth0`) dropped.
 */
function ipv6Groups(ip: string): number[] {
  const address = ip.split('%')[0]!;
  const parse = (part: string): number[] => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const [a, b, c, d] = piece.split('.').map(Number) as [number, number, number, number];
        groups.push((a << 8) | b, (c << 8) | d);
      } else {
        groups.push(parseInt(piece, 16));
      }
    }
    return groups;
  };
  const gap = address.indexOf('::');
  if (gap === -1) return parse(address);
  const head = parse(address.slice(0, gap));
  const tail = parse(address.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

/** The IPv4 address an IPv6 address carries (see the file header), or undefined. */
function embeddedIpv4(g: number[]): string | undefined {
  const zeroUpTo = (end: number) => g.slice(0, end).every((group) => group === 0);
  let high: number;
  let low: number;
  if (g[0] === 0x2002) {
    [high, low] = [g[1]!, g[2]!];
  } else if (
    zeroUpTo(6) || // IPv4-compatible
    (zeroUpTo(5) && g[5] === 0xffff) || // IPv4-mapped
    (zeroUpTo(4) && g[4] === 0xffff && g[5] === 0) || // IPv4-translated
    (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((group) => group === 0)) // NAT64
  ) {
    [high, low] = [g[6]!, g[7]!];
  } else {
    return undefined;
  }
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}
