/**
 * Which callback_url a profile accepts (spec §4, §8; reference §7.2 on SSRF). Both profiles: an
 * absolute URL of at most 256 bytes with a host. `strict` (like the hosted service): https only, and
 * the host must not be or resolve to a reserved address (loopback, private, link-local, ...).
 * `local`: http too, and loopback and private targets are fine (a receiver on the developer's machine).
 * (The webhook rules live in webhook-target.ts; the callback rules differ: any port is allowed.)
 * The report worker checks the address again when it connects (a name may resolve differently later;
 * outbound-connector.ts).
 */
import { isIP } from 'node:net';
import type { Profile } from '../../config/config.js';
import { GatewayError } from './gateway-error.js';
import { systemLookup, type HostLookup } from '../net/outbound-connector.js';
import { isReservedAddress } from '../net/reserved-addresses.js';

export const MAX_CALLBACK_URL_BYTES = 256;

function invalid(reason: string): GatewayError {
  return new GatewayError('CALLBACK_URL_INVALID', `callback_url ${reason}`);
}

/** Checks the URL's shape for the profile; resolves the host in `strict`. Returns it as given. */
export async function checkCallbackUrl(
  text: string,
  profile: Profile,
  lookup: HostLookup = systemLookup,
): Promise<string> {
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
    for (const address of await resolveAll(url.hostname, lookup)) {
      if (isReservedAddress(address)) throw invalid(`points to the reserved address ${address}`);
    }
  }
  return text;
}

async function resolveAll(hostname: string, lookup: HostLookup): Promise<string[]> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) !== 0) return [host];
  try {
    return (await lookup(host)).map((entry) => entry.address);
  } catch {
    throw invalid('has a host that does not resolve');
  }
}
