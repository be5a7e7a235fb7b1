/**
 * How every outbound connection is opened: webhook deliveries, delivery reports to callback URLs,
 * and files fetched by URL (each redirect hop included) all take their undici connector from here.
 *
 * In `strict` the address is checked when the socket is opened, not only when the target was
 * accepted: a name that resolved to a public address at setWebhook time and to 127.0.0.1 when the
 * delivery connects (DNS rebinding) is refused before any packet is sent to it. The address checked
 * is the one the socket connects to: the connector answers the socket's own lookup, and a literal
 * IP in the URL (which the socket does not look up) is checked by the connector itself. A refusal is
 * an ordinary connect error (ReservedAddressError), so callers count it as a failed attempt.
 * In `local` nothing is refused (loopback receivers on the developer's machine are the point).
 *
 * The connector is built once per pool or agent; a connection costs one lookup, as it would anyway.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import type { buildConnector } from 'undici';
import { undici } from './undici.js';
import type { Profile } from '../../config/config.js';
import { isReservedAddress } from './reserved-addresses.js';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** What a socket's own lookup asks for: a family (0: any) and getaddrinfo hints. */
export interface LookupHints {
  family?: number | undefined;
  hints?: number | undefined;
}

/**
 * Resolves a host name to all its addresses, in the resolver's order (dns.lookup with all: true).
 * Injectable (PlatformDeps.lookup) so that tests can make a name resolve differently over time.
 * Fails with the resolver's error (code ENOTFOUND, ...) when the name does not resolve.
 */
export type HostLookup = (hostname: string, hints?: LookupHints) => Promise<ResolvedAddress[]>;

export const systemLookup: HostLookup = (hostname, hints) =>
  dnsLookup(hostname, { all: true, family: hints?.family ?? 0, hints: hints?.hints ?? 0 });

/** A connection refused in `strict` because its address is reserved. */
export class ReservedAddressError extends Error {
  readonly code = 'ERR_RESERVED_ADDRESS';
  constructor(readonly address: string) {
    // The reference's wording for the same refusal at setWebhook (bad webhook: IP address ... is reserved).
    super(`IP address ${address} is reserved`);
  }
}

export interface OutboundOptions {
  profile: Profile;
  /** The resolver; the system's when absent. */
  lookup?: HostLookup | undefined;
  /**
   * Connect to this address instead of resolving the URL's host name (setWebhook's ip_address).
   * In `strict` a reserved one is refused like a resolved one (setWebhook refuses it already; this
   * also stops a webhook stored before that check).
   */
  fixedIp?: string | undefined;
  /** A certificate to trust (a webhook's uploaded self-signed certificate). */
  ca?: string | undefined;
  /** Connect timeout in ms (undici's default when absent). */
  timeout?: number | undefined;
}

type Connector = ReturnType<typeof buildConnector>;

/** The undici `connect` option for an outbound pool or agent (see the file header). */
export function outboundConnector(options: OutboundOptions): Connector {
  const strict = options.profile === 'strict';
  const lookup =
    options.fixedIp !== undefined
      ? fixedLookup(options.fixedIp, strict)
      : checkedLookup(options.lookup ?? systemLookup, strict);
  const base = undici().buildConnector({
    lookup,
    ...(options.ca !== undefined ? { ca: options.ca } : {}),
    ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
  });
  if (!strict) return base;
  return (target, callback) => {
    // A socket given an IP does not call its lookup: the literal is checked here.
    const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
    if (isIP(host) !== 0 && isReservedAddress(host)) {
      callback(new ReservedAddressError(host), null);
      return;
    }
    base(target, callback);
  };
}

type LookupCallback = (error: Error | null, address?: unknown, family?: number) => void;

/**
 * A socket's lookup answered from `lookup`; in `strict` it fails when any address of the name is
 * reserved (a name that mixes public and reserved answers is not one to connect to). `all` is
 * what net asks for when it tries the addresses in turn (autoSelectFamily).
 */
function checkedLookup(lookup: HostLookup, strict: boolean): LookupFunction {
  return ((hostname: string, options: LookupHints & { all?: boolean }, callback: LookupCallback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    lookup(hostname, { family, hints: options.hints }).then(
      (all) => {
        const list = family === 0 ? all : all.filter((entry) => entry.family === family);
        if (list.length === 0) {
          callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
          return;
        }
        const reserved = strict ? list.find((entry) => isReservedAddress(entry.address)) : undefined;
        if (reserved) callback(new ReservedAddressError(reserved.address));
        else if (options.all) callback(null, list);
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (error: Error) => callback(error),
    );
  }) as unknown as LookupFunction;
}

function fixedLookup(ip: string, strict: boolean): LookupFunction {
  const family = isIP(ip) === 6 ? 6 : 4;
  return ((_hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    if (strict && isReservedAddress(ip)) callback(new ReservedAddressError(ip));
    else if (options.all) callback(null, [{ address: ip, family }]);
    else callback(null, ip, family);
  }) as unknown as LookupFunction;
}
