/**
 * Which webhook and callback targets a profile accepts. `local` behaves like the reference's
 * self-hosted server (HTTP, any port, loopback allowed); `strict` like the hosted platform (HTTPS,
 * ports 443/80/88/8443, no reserved addresses unless the caller fixes an ip_address).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Profile } from '../config/config.js';

export const STRICT_WEBHOOK_PORTS = new Set([443, 80, 88, 8443]);

const reserved = new BlockList();
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
  reserved.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const) {
  reserved.addSubnet(net, prefix, 'ipv6');
}

export function isReservedAddress(ip: string): boolean {
  // An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as the IPv4 address it carries. (A
  // ::ffff:0:0/96 subnet in the list would make BlockList match every IPv4 address.)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return isReservedAddress(mapped[1]!);
  const family = isIP(ip);
  if (family === 0) return false;
  return reserved.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export class TargetRejected extends Error {}

export interface CheckedTarget {
  url: URL;
  /** The address to connect to. */
  ip: string;
}

/**
 * Parses a webhook URL the way the reference does (scheme optional, default https; only http and
 * https). Returns undefined when it is not a valid URL.
 */
export function parseWebhookUrl(text: string): URL | undefined {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') return undefined;
  return url;
}

/**
 * Checks a parsed target against the profile and resolves its address. Throws TargetRejected with
 * the reference's reason text (without the "bad webhook: " prefix).
 */
export async function checkTarget(
  url: URL,
  profile: Profile,
  fixedIp: string | undefined,
): Promise<CheckedTarget> {
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (profile === 'strict') {
    if (url.protocol !== 'https:') throw new TargetRejected('An HTTPS URL must be provided for webhook');
    if (!STRICT_WEBHOOK_PORTS.has(port)) {
      throw new TargetRejected('Webhook can be set up only on ports 80, 88, 443 or 8443');
    }
  }
  if (fixedIp !== undefined) {
    if (isIP(fixedIp) === 0) throw new TargetRejected('Invalid IP address specified');
    return { url, ip: fixedIp };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let ip: string;
  if (isIP(host) !== 0) ip = host;
  else {
    try {
      ip = (await lookup(host)).address;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
      throw new TargetRejected(
        `Failed to resolve host: ${code === 'ENOTFOUND' ? 'Name or service not known' : code}`,
      );
    }
  }
  if (profile === 'strict' && isReservedAddress(ip)) throw new TargetRejected(`IP address ${ip} is reserved`);
  return { url, ip };
}
