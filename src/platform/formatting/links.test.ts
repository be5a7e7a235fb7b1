import { describe, expect, it } from 'vitest';
import { DateFlags } from './formatted-date.js';
import {
  checkLink,
  getCheckedLink,
  getLinkCustomEmojiId,
  getLinkFormattedDate,
  getLinkUserId,
} from './links.js';

describe('getCheckedLink', () => {
  it('normalises web and tg links', () => {
    expect(getCheckedLink('telegram.dog')).toBe('http://telegram.dog/');
    expect(getCheckedLink('https://telegram.dog?')).toBe('https://telegram.dog/?');
    expect(getCheckedLink('TG://resolve?domain=x')).toBe('tg://resolve?domain=x');
    expect(getCheckedLink('tg:settings')).toBe('tg://settings/');
  });
  it('rejects links without a dot in the host and odd tg links', () => {
    expect(getCheckedLink('asdasd')).toBe('');
    expect(getCheckedLink('tg://user:80?id=1')).toBe('');
    expect(checkLink('tg://us.er')).toEqual({
      ok: false,
      error: "URL 'tg://us.er' is invalid: Unallowed characters in URL host",
    });
    expect(checkLink('as')).toEqual({ ok: false, error: "URL 'as' is invalid: Wrong HTTP URL" });
  });
});

describe('getLinkUserId', () => {
  it('reads tg://user?id= case-insensitively, with or without //', () => {
    expect(getLinkUserId('tg://user?id=123456')).toBe(123456);
    expect(getLinkUserId('TG:USER/?ID=7#x')).toBe(7);
    expect(getLinkUserId('tg://user?x=1&id=42')).toBe(42);
  });
  it('rejects invalid ids and other hosts', () => {
    expect(getLinkUserId('tg://user?id=0')).toBeUndefined();
    expect(getLinkUserId('tg://user?id=012')).toBeUndefined();
    expect(getLinkUserId('tg://users?id=1')).toBeUndefined();
    expect(getLinkUserId('https://t.me/user?id=1')).toBeUndefined();
  });
});

describe('tg://emoji and tg://time', () => {
  it('reads a custom emoji id', () => {
    expect(getLinkCustomEmojiId('TG://EMoJI/?test=1231&id=25#id=32')).toEqual({ ok: true, value: '25' });
    expect(getLinkCustomEmojiId('tg://emoji?id=025').ok).toBe(false);
    expect(getLinkCustomEmojiId('tg://emoji?test=1#&id=25').ok).toBe(false);
  });
  it('reads a date with its format flags', () => {
    expect(getLinkFormattedDate('tg://time?unix=1647531900&format=wDT')).toEqual({
      ok: true,
      value: { unixTime: 1647531900, flags: DateFlags.dayOfWeek | DateFlags.longDate | DateFlags.longTime },
    });
    expect(getLinkFormattedDate('tg://time?unix=0')).toEqual({
      ok: false,
      error: 'Invalid Unix time specified',
    });
    expect(getLinkFormattedDate('tg://time?format=r')).toEqual({
      ok: false,
      error: 'URL must have the corresponding Unix time',
    });
    expect(getLinkFormattedDate('tg://time?unix=5&format=rt')).toEqual({
      ok: false,
      error: 'Invalid date format used',
    });
  });
});
