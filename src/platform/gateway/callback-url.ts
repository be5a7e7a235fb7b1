/**
 * Which callback_url a profile accepts (spec §4, §8; reference §7.2 on SSRF). Both profiles: an
 * absolute URL of at most 256 bytes with a host. `strict` (like the hosted service): https only, and
 * the host must not be or resolve to a reserved address (loopback, private, link-local, ...).
 * `local`: http too, and loopback and private targets are fine (a receiver on the developer's machine).
 * (The webhook rules live in webhook-target.ts; the callback rules differ: any port is allowed.)
 * The report worker checks the address again when it connects (a name may resolve differently later).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Profile } from '../../config/config.js';
import { GatewayError } from './gateway-error.js';

export const MAX_CALLBACK_URL_BYTES = 256;

/**
 * Reserved ranges (RFC 6890 and friends). Kept apart from webhook-target.ts's list on purpose: a
 * BlockList matches IPv4 addresses against an IPv6 `::ffff:0:0/96` entry, so a list holding that
 * entry reserves every IPv4 address. IPv4-mapped IPv6 addresses are checked as the IPv4 they carry.
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

/** Whether a callback may not target this address in the strict profile. */
export function isReservedCallbackAddress(ip: string): boolean {
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

function invalid(reason: string): GatewayError {
  return new GatewayError('CALLBACK_URL_INVALID', `callback_url ${reason}`);
}

/** Checks the URL's shape for the profile; resolves the host in `strict`. Returns it as given. */
export async function checkCallbackUrl(text: string, profile: Profile): Promise<string> {
  if (Buffer.byteLength(text, 'utf8') > MAX_CALLBACK_URL_BYTES) throw invalid('is longer than 256 bytes');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw invalid('is not an absolute URL');
  }
  const allowed = profile === 'strict' ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol)) throw invalid(`must use ${allowed.join(' or ').replace(/:/g, '')}`);
  if (url.hostname === '') throw invalid('has no host');
  if (profile === 'strict') {
    for (const address of await resolveAll(url.hostname)) {
      if (isReservedCallbackAddress(address)) throw invalid(`points to the reserved address ${address}`);
    }
  }
  return text;
}

async function resolveAll(hostname: string): Promise<string[]> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) return [host];
  try {
    return (await lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    throw invalid('has a host that does not resolve');
  }
}
