/**
 * Which webhook and callback targets a profile accepts. `local` behaves like the reference's
 * self-hosted server (HTTP, any port, loopback allowed); `strict` like the hosted platform (HTTPS,
 * ports 443/80/88/8443, no reserved addresses, not even as a fixed ip_address: the reference refuses
 * `IP address <ip> is reserved` outside its local mode whichever way the address was found).
 * This is the check at setWebhook time; deliveries check the address again when they connect
 * (outbound-connector.ts), since a name may resolve elsewhere later.
 */
import { isIP } from 'node:net';
import { systemLookup, type HostLookup } from '../net/outbound-connector.js';
import { isReservedAddress } from '../net/reserved-addresses.js';
import type { Profile } from '../../config/config.js';

export const STRICT_WEBHOOK_PORTS = new Set([443, 80, 88, 8443]);

export { isReservedAddress };

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
  lookup: HostLookup = systemLookup,
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
    if (profile === 'strict' && isReservedAddress(fixedIp)) {
      throw new TargetRejected(`IP address ${fixedIp} is reserved`);
    }
    return { url, ip: fixedIp };
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host) !== 0) addresses = [host];
  else {
    try {
      addresses = (await lookup(host)).map((entry) => entry.address);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
      throw new TargetRejected(
        `Failed to resolve host: ${code === 'ENOTFOUND' ? 'Name or service not known' : code}`,
      );
    }
    if (addresses.length === 0) throw new TargetRejected('Failed to resolve host: Name or service not known');
  }
  // Every address, not only the first: a delivery refuses a name with any reserved answer.
  const reserved = profile === 'strict' ? addresses.find((ip) => isReservedAddress(ip)) : undefined;
  if (reserved !== undefined) throw new TargetRejected(`IP address ${reserved} is reserved`);
  return { url, ip: addresses[0]! };
}
