/**
 * URL parsing as TDLib's parse_url and HttpUrl::get_url (tdutils HttpUrl.cpp) do it: text links are
 * checked and normalised with these rules, e.g. "telegram.org" becomes "http://telegram.org/".
 */
import { isIPv6 } from 'node:net';
import { asciiLower, isSpace } from './char-classes.js';
import { toIntegerSafe } from './integers.js';

export interface HttpUrl {
  protocol: 'http' | 'https';
  userinfo: string;
  host: string;
  isIpv6: boolean;
  /** the port written in the URL, 0 when none */
  specifiedPort: number;
  /** always starts with '/' */
  query: string;
}

export type UrlResult<T> = { ok: true; value: T } | { ok: false; error: string };

const HOST_PUNCTUATION = ".-_!$,~*'();&+=";

/** Reads [protocol://][userinfo@]host[:port][/query]; a missing protocol means http. */
export function parseUrl(url: string): UrlResult<HttpUrl> {
  const fail = (error: string): UrlResult<HttpUrl> => ({ ok: false, error });
  let position = 0;
  const protocolEnd = indexOfAny(url, ':/?#@[]', 0);
  let protocol: HttpUrl['protocol'] = 'http';
  if (url.startsWith('://', protocolEnd)) {
    const name = asciiLower(url.slice(0, protocolEnd));
    if (name !== 'http' && name !== 'https') return fail('Unsupported URL protocol');
    protocol = name;
    position = protocolEnd + 3;
  }
  const authorityEnd = indexOfAny(url, '/?#', position);
  const authority = url.slice(position, authorityEnd);

  // The port is after the last ':' that is not inside an IPv6 address or the user information.
  let port = 0;
  let colon = authority.length - 1;
  while (colon > 0 && authority[colon] !== ':' && authority[colon] !== ']' && authority[colon] !== '@')
    colon--;
  let userinfoHost = authority;
  if (colon > 0 && authority[colon] === ':') {
    let portText = authority.slice(colon + 1);
    while (portText.length > 1 && portText[0] === '0') portText = portText.slice(1);
    const value = toIntegerSafe(portText, 32);
    port = value === undefined || value === 0n ? -1 : Number(value);
    userinfoHost = authority.slice(0, colon);
  }
  if (port < 0 || port > 65535) return fail('Wrong port number specified in the URL');

  const at = userinfoHost.lastIndexOf('@');
  const userinfo = at < 0 ? '' : userinfoHost.slice(0, at);
  const host = userinfoHost.slice(at + 1);
  let isIpv6 = false;
  if (host.startsWith('[') && host.endsWith(']') && host.length >= 2) {
    if (!isIPv6(host.slice(1, -1))) return fail('Wrong IPv6 address specified in the URL');
    isIpv6 = true;
  }
  if (host === '') return fail('URL host is empty');
  if (host === '.') return fail('Host is invalid');

  let rest = url.slice(authorityEnd);
  let restEnd = rest.length;
  while (restEnd > 0 && isSpace(rest[restEnd - 1]!)) restEnd--;
  rest = rest.slice(0, restEnd) || '/';
  let query = rest[0] === '/' ? '' : '/';
  for (const unit of rest) {
    const code = unit.charCodeAt(0);
    query += code <= 0x20 ? `%${code.toString(16).toUpperCase().padStart(2, '0')}` : unit;
  }

  const hostLower = asciiLower(host);
  for (let i = 0; i < hostLower.length; i++) {
    const c = hostLower[i]!;
    if (isIpv6) {
      if (i === 0 || i + 1 === hostLower.length || c === ':' || c === '.' || /[0-9a-f]/.test(c)) continue;
      return fail('Wrong IPv6 URL host');
    }
    if (/[a-z0-9]/.test(c) || HOST_PUNCTUATION.includes(c)) continue;
    if (c === '%') {
      if (/[0-9a-f]/.test(hostLower[i + 1] ?? '') && /[0-9a-f]/.test(hostLower[i + 2] ?? '')) {
        i += 2;
        continue;
      }
      return fail('Wrong percent-encoded symbol in URL host');
    }
    // TDLib allows plain UTF-8 bytes in hosts, so any non-ASCII character is accepted
    if (c.charCodeAt(0) >= 0x80) continue;
    return fail('Wrong URL host');
  }
  return { ok: true, value: { protocol, userinfo, host: hostLower, isIpv6, specifiedPort: port, query } };
}

export function formatUrl(url: HttpUrl): string {
  const userinfo = url.userinfo === '' ? '' : `${url.userinfo}@`;
  const port = url.specifiedPort > 0 ? `:${url.specifiedPort}` : '';
  return `${url.protocol}://${userinfo}${url.host}${port}${url.query}`;
}

function indexOfAny(text: string, characters: string, from: number): number {
  for (let i = from; i < text.length; i++) if (characters.includes(text[i]!)) return i;
  return text.length;
}
