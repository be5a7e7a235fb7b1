/**
 * Link rules of TDLib's LinkManager (check_link, get_link_user_id, get_link_custom_emoji_id,
 * get_link_formatted_date) as text links, mentions, custom emoji and dates in markup use them.
 */
import { asciiLower, isAlnum } from './char-classes.js';
import { MAX_USER_ID } from './entity.js';
import { dateFlagsFromMarkup, type FormattedDate } from './formatted-date.js';
import { formatUrl, parseUrl, type UrlResult } from './http-url.js';
import { toIntegerSafe } from './integers.js';

const SCHEMES = ['tg', 'ton', 'tonsite'] as const;

/** LinkManager::check_link: the normalised link, or an error such as "URL 'x' is invalid: Wrong HTTP URL". */
export function checkLink(link: string): UrlResult<string> {
  const result = checkLinkImpl(link);
  return result.ok ? result : { ok: false, error: `URL '${link}' is invalid: ${result.error}` };
}

/** LinkManager::get_checked_link: the normalised link, or '' when it is not acceptable. */
export function getCheckedLink(link: string): string {
  const result = checkLinkImpl(link);
  return result.ok ? result.value : '';
}

function checkLinkImpl(link: string): UrlResult<string> {
  const scheme = SCHEMES.find((name) => asciiLower(link.slice(0, name.length + 1)) === `${name}:`);
  let rest = link;
  if (scheme !== undefined) {
    rest = rest.slice(scheme.length + 1);
    if (rest.startsWith('//')) rest = rest.slice(2);
  }
  const parsed = parseUrl(rest);
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  if (scheme !== undefined) {
    if (
      asciiLower(rest.slice(0, 7)) === 'http://' ||
      url.protocol === 'https' ||
      url.userinfo !== '' ||
      url.specifiedPort !== 0 ||
      url.isIpv6
    ) {
      return { ok: false, error: scheme === 'tg' ? 'Wrong tg URL' : 'Wrong ton URL' };
    }
    const query = url.query.length > 1 && url.query[1] === '?' ? url.query.slice(1) : url.query;
    for (const c of url.host) {
      if (!isAlnum(c) && c !== '-' && c !== '_' && !(scheme === 'tonsite' && c === '.')) {
        return { ok: false, error: 'Unallowed characters in URL host' };
      }
    }
    return { ok: true, value: `${scheme}://${url.host}${query}` };
  }
  if (!url.host.includes('.') && !url.isIpv6) return { ok: false, error: 'Wrong HTTP URL' };
  return { ok: true, value: formatUrl(url) };
}

/** A valid user id from tg://user?id=N (LinkManager::get_link_user_id), or undefined. */
export function getLinkUserId(url: string): number | undefined {
  let rest = asciiLower(url);
  if (!rest.startsWith('tg:')) return undefined;
  rest = rest.slice(3);
  if (rest.startsWith('//')) rest = rest.slice(2);
  if (!rest.startsWith('user') || (rest.length > 4 && !'/?#'.includes(rest[4]!))) return undefined;
  rest = rest.slice(4);
  if (rest.startsWith('/')) rest = rest.slice(1);
  if (!rest.startsWith('?')) return undefined;
  for (const [key, value] of queryParameters(rest.slice(1))) {
    if (key === 'id') {
      const id = toIntegerSafe(value, 64);
      return id !== undefined && id > 0n && id <= BigInt(MAX_USER_ID) ? Number(id) : undefined;
    }
  }
  return undefined;
}

/** LinkManager::check_tg_url_host: the query of tg://<host>[/]?<query>[#...]. */
function checkTgUrlHost(url: string, host: string): UrlResult<string> {
  if (asciiLower(url.slice(0, 3)) !== 'tg:') return { ok: false, error: 'URL must have scheme tg' };
  let rest = url.slice(3);
  if (rest.startsWith('//')) rest = rest.slice(2);
  if (
    asciiLower(rest.slice(0, host.length)) !== host ||
    (rest.length > host.length && !'/?#'.includes(rest[host.length]!))
  ) {
    return { ok: false, error: `URL must have host "${host}"` };
  }
  rest = rest.slice(host.length);
  if (rest.startsWith('/')) rest = rest.slice(1);
  if (!rest.startsWith('?')) return { ok: false, error: 'URL must have parameters' };
  return { ok: true, value: rest.slice(1) };
}

/** The custom emoji id of tg://emoji?id=N as a decimal string. */
export function getLinkCustomEmojiId(url: string): UrlResult<string> {
  const query = checkTgUrlHost(url, 'emoji');
  if (!query.ok) return query;
  for (const [key, value] of queryParameters(query.value)) {
    if (key === 'id') {
      const id = toIntegerSafe(value, 64);
      if (id === undefined || id === 0n)
        return { ok: false, error: 'Invalid custom emoji identifier specified' };
      return { ok: true, value: id.toString() };
    }
  }
  return { ok: false, error: 'Custom emoji URL must have an emoji identifier' };
}

/** The date of tg://time?unix=N&format=F. */
export function getLinkFormattedDate(url: string): UrlResult<FormattedDate> {
  const query = checkTgUrlHost(url, 'time');
  if (!query.ok) return query;
  let unixTime = 0;
  let format = '';
  for (const [key, value] of queryParameters(query.value)) {
    if (key === 'unix') {
      const date = toIntegerSafe(value, 32);
      if (date === undefined || date <= 0n) return { ok: false, error: 'Invalid Unix time specified' };
      unixTime = Number(date);
    }
    if (key === 'format') format = value;
  }
  if (unixTime === 0) return { ok: false, error: 'URL must have the corresponding Unix time' };
  const flags = dateFlagsFromMarkup(format);
  if (flags === undefined) return { ok: false, error: 'Invalid date format used' };
  return { ok: true, value: { unixTime, flags } };
}

/** Splits a query at '&' into key/value pairs (no URL decoding), ignoring any '#' fragment. */
function queryParameters(query: string): Array<[string, string]> {
  const hash = query.indexOf('#');
  const body = hash < 0 ? query : query.slice(0, hash);
  return body.split('&').map((parameter) => {
    const equals = parameter.indexOf('=');
    return equals < 0 ? [parameter, ''] : [parameter.slice(0, equals), parameter.slice(equals + 1)];
  });
}
