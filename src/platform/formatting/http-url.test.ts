import { describe, expect, it } from 'vitest';
import { formatUrl, parseUrl } from './http-url.js';

const normalised = (url: string) => {
  const result = parseUrl(url);
  return result.ok ? formatUrl(result.value) : `error: ${result.error}`;
};

describe('parseUrl', () => {
  it('adds the protocol and path and lower-cases the host', () => {
    expect(normalised('Telegram.ORG')).toBe('http://telegram.org/');
    expect(normalised('HTTPS://t.me?start=1')).toBe('https://t.me/?start=1');
    expect(normalised('user:pw@host.com:0443/a b')).toBe('http://user:pw@host.com:443/a%20b');
  });
  it('answers the reference error texts', () => {
    expect(normalised('ftp://x.com')).toBe('error: Unsupported URL protocol');
    expect(normalised('x.com:70000')).toBe('error: Wrong port number specified in the URL');
    expect(normalised('x.com:')).toBe('error: Wrong port number specified in the URL');
    expect(normalised('http:///path')).toBe('error: URL host is empty');
    expect(normalised('.')).toBe('error: Host is invalid');
    expect(normalised('a b.com')).toBe('error: Wrong URL host');
    expect(normalised('a%zz.com')).toBe('error: Wrong percent-encoded symbol in URL host');
    expect(normalised('[::g]')).toBe('error: Wrong IPv6 address specified in the URL');
  });
  it('accepts IPv6 and non-ASCII hosts', () => {
    expect(normalised('http://[::1]:8080/x')).toBe('http://[::1]:8080/x');
    expect(normalised('пример.рф')).toBe('http://пример.рф/');
  });
});
