/**
 * What both rich-message parsers share: RichText normalisation and the meaning of a link target
 * (an anchor, a reference, a user, an e-mail address, a phone number or a URL), and the markup
 * checks of custom emoji and dates that the message formatting parsers also apply.
 */
import { entityParseError } from '../formatting/formatting-error.js';
import { dateFlagsFromMarkup } from '../formatting/formatted-date.js';
import { toIntegerSafe } from '../formatting/integers.js';
import { getCheckedLink, getLinkUserId } from '../formatting/links.js';
import type { RichText, RichTextObject } from './rich-types.js';

/**
 * The RichText of a sequence of parts: adjacent strings joined, empty strings dropped, a single part
 * as itself and nothing as ''.
 */
export function richText(parts: RichText[]): RichText {
  const out: RichText[] = [];
  for (const part of flatten(parts)) {
    if (part === '') continue;
    const last = out.at(-1);
    if (typeof part === 'string' && typeof last === 'string') out[out.length - 1] = last + part;
    else out.push(part);
  }
  if (out.length === 0) return '';
  return out.length === 1 ? out[0]! : out;
}

function flatten(parts: RichText[]): Array<string | RichTextObject> {
  return parts.flatMap((part) => (Array.isArray(part) ? flatten(part) : [part]));
}

/** The plain text of a RichText, as the message's length limit counts it. */
export function plainText(text: RichText | undefined): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return text;
  if (Array.isArray(text)) return text.map(plainText).join('');
  switch (text.type) {
    case 'custom_emoji':
      return String(text.alternative_text ?? '');
    case 'mathematical_expression':
      return String(text.expression ?? '');
    default:
      return plainText(text.text);
  }
}

/** Whether a RichText has no characters and no anchors. */
export function isEmptyText(text: RichText): boolean {
  if (typeof text === 'string') return text.trim() === '';
  if (Array.isArray(text)) return text.every(isEmptyText);
  return false;
}

/** A RichText without leading and trailing whitespace in its outermost strings. */
export function trimText(text: RichText): RichText {
  if (typeof text === 'string') return text.trim();
  if (!Array.isArray(text)) return text;
  const parts = [...text];
  if (typeof parts[0] === 'string') parts[0] = parts[0].trimStart();
  if (typeof parts.at(-1) === 'string') parts[parts.length - 1] = (parts.at(-1) as string).trimEnd();
  return richText(parts);
}

/**
 * The rich text of a link: `#name` an anchor link (or a reference link, once the references of the
 * message are known), `tg://user?id=` a text mention, `mailto:` an e-mail address, `tel:` a phone
 * number, else a URL as TDLib checks text links (one it refuses leaves the plain text).
 */
export function linkText(href: string, text: RichText, mentions: number[]): RichText {
  if (href.startsWith('#')) return { type: 'anchor_link', text, anchor_name: href.slice(1) };
  const userId = getLinkUserId(href);
  if (userId !== undefined) {
    mentions.push(userId);
    return { type: 'text_mention', text, user: { id: userId } };
  }
  const lower = href.toLowerCase();
  if (lower.startsWith('mailto:') && href.length > 7) {
    return { type: 'email_address', text, email_address: href.slice(7) };
  }
  if (lower.startsWith('tel:') && href.length > 4) {
    return { type: 'phone_number', text, phone_number: href.slice(4) };
  }
  const url = getCheckedLink(href);
  return url === '' ? text : { type: 'url', text, url };
}

/** A custom emoji: the identifier must be a non-zero 64-bit integer (TDLib's check). */
export function customEmoji(id: string, alternative: string): RichTextObject {
  const value = toIntegerSafe(id, 64);
  if (value === undefined || value === 0n)
    throw entityParseError('Invalid custom emoji identifier specified');
  return { type: 'custom_emoji', custom_emoji_id: value.toString(), alternative_text: alternative };
}

/** A date and time: a positive unix time and a format of the markup letters (tTdDwW, or r/R). */
export function dateTime(text: RichText, unix: string, format: string): RichText {
  if (dateFlagsFromMarkup(format) === undefined) throw entityParseError('Invalid date format used');
  const unixTime = Number(unix);
  if (!/^\d+$/.test(unix) || !Number.isSafeInteger(unixTime) || unixTime <= 0) return text;
  return { type: 'date_time', text, unix_time: unixTime, date_time_format: format };
}
