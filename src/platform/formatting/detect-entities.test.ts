import { describe, expect, it } from 'vitest';
import { detectEntities } from './detect-entities.js';

const found = (text: string) =>
  detectEntities(text).map((e) => [e.type, text.slice(e.offset, e.offset + e.length)]);

describe('detectEntities', () => {
  it('finds bot commands at the start or after whitespace, with an optional bot username', () => {
    expect(detectEntities('/start')).toEqual([{ type: 'bot_command', offset: 0, length: 6 }]);
    expect(detectEntities('/start@some_bot')).toEqual([{ type: 'bot_command', offset: 0, length: 15 }]);
    expect(found('hi /help me')).toEqual([['bot_command', '/help']]);
    expect(found('a/b /x/y /<z /cmd@ab /cmd@abc.')).toEqual([['bot_command', '/cmd@abc']]);
  });
  it('finds mentions of 4-32 characters and the known short usernames', () => {
    expect(found('@durov, @abc @gif @a_b_c_d @x')).toEqual([
      ['mention', '@durov'],
      ['mention', '@gif'],
      ['mention', '@a_b_c_d'],
    ]);
    expect(found('mail@durov')).toEqual([]);
    expect(found('@durové')).toEqual([]);
  });
  it('finds hashtags and cashtags, also with a chat username', () => {
    expect(found('#tag #tag@chat_name #123 #a_1 x#no #ок')).toEqual([
      ['hashtag', '#tag'],
      ['hashtag', '#tag@chat_name'],
      ['hashtag', '#a_1'],
      ['hashtag', '#ок'],
    ]);
    expect(found('$USD $usd $TOOLONGXX $1INCH $EUR@chat x$GBP')).toEqual([
      ['cashtag', '$USD'],
      ['cashtag', '$1INCH'],
      ['cashtag', '$EUR@chat'],
    ]);
  });
  it('finds URLs with and without a protocol, and e-mail addresses', () => {
    expect(
      found('see example.com, https://t.me/durov?start=1. and ftp://x.org/a(b) or mailto:a.b@c.io'),
    ).toEqual([
      ['url', 'example.com'],
      ['url', 'https://t.me/durov?start=1'],
      ['url', 'ftp://x.org/a(b)'],
      ['email', 'a.b@c.io'],
    ]);
    expect(found('EXAMPLE.COM Example.Com localhost:80 1.2.3.4 1.2.3 teiegram.org')).toEqual([
      ['url', 'EXAMPLE.COM'],
      ['url', '1.2.3.4'],
    ]);
    expect(found('tg://resolve?domain=durov')).toEqual([['url', 'tg://resolve?domain=durov']]);
  });
  it('finds international phone numbers', () => {
    expect(found('call +1-212-555-0123 or +7 (999) 123-45-67, not +12 or 1+2345678')).toEqual([
      ['phone_number', '+1-212-555-0123'],
      ['phone_number', '+7 (999) 123-45-67'],
    ]);
  });
  it('counts UTF-16 offsets after astral characters', () => {
    expect(detectEntities('😀😀 @durov')).toEqual([{ type: 'mention', offset: 5, length: 6 }]);
  });
  it('keeps the first of overlapping entities', () => {
    expect(found('https://t.me/@durov')).toEqual([['url', 'https://t.me/@durov']]);
  });
});
