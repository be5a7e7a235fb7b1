/**
 * The timeline's redaction (redact.ts, ADR 0099): the quick tests that let most texts through as they
 * are never let a token or a secret member's value through.
 */
import { describe, expect, it } from 'vitest';
import { MAX_TEXT, REDACTED, redactJson, redactText } from './redact.js';
import { paramId } from './timeline-events.js';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';

describe('redactJson', () => {
  it('keeps a text without a token or a secret member as it is', () => {
    const text = '{"chat_id":1000001,"text":"the quick brown fox: 12:30, see https://example.com/a:b"}';
    expect(redactJson(text)).toBe(text);
    // An entity of type "code" is a value, not a member: kept.
    const answer = '{"ok":true,"result":{"text":"x","entities":[{"type":"code","offset":0,"length":1}]}}';
    expect(JSON.parse(redactJson(answer))).toEqual(JSON.parse(answer));
  });

  it('replaces tokens anywhere, and the values of secret members at any depth', () => {
    const text = JSON.stringify({
      text: `mine is ${TOKEN}.`,
      url: `https://example.com/bot${TOKEN}/x`,
      secret_token: 'very-secret',
      nested: [{ code: 424242, password: 'pw', admin_token: 'adm', code_entered: '1' }],
      access_token: 'acc',
      token: 'tok',
      secret: 's',
    });
    const out = redactJson(text);
    for (const secret of [TOKEN, 'very-secret', '424242', '"pw"', '"adm"', '"acc"', '"tok"', '"s"']) {
      expect(out).not.toContain(secret);
    }
    expect(JSON.parse(out)).toMatchObject({
      text: 'mine is <token>.',
      url: 'https://example.com/bot<token>/x',
      secret_token: REDACTED,
      nested: [{ code: REDACTED, password: REDACTED, admin_token: REDACTED, code_entered: REDACTED }],
    });
  });

  it('keeps no text it cannot parse that has a secret member, and no token in one it can', () => {
    expect(redactJson('{"code": "424242", broken')).toBe(REDACTED);
    expect(redactJson(`not json ${TOKEN}`)).toBe('not json <token>');
    // Too long to parse cheaply, with a secret member: not kept (its value cannot be told apart).
    const long = JSON.stringify({ text: 'x'.repeat(5 * MAX_TEXT), secret_token: 'very-secret' });
    expect(redactJson(long)).toBe(REDACTED);
    // Too long, without one: its tokens replaced, cut.
    const tokens = redactJson(JSON.stringify({ text: `${TOKEN} ${'x'.repeat(5 * MAX_TEXT)} ${TOKEN}` }));
    expect(tokens).not.toContain(TOKEN.split(':')[1]);
    expect(tokens.startsWith('{"text":"<token> xxx')).toBe(true);
    expect(tokens).toMatch(/…\(\d+ more\)$/);
  });
});

describe('redactText', () => {
  it('replaces every token and keeps other texts', () => {
    expect(redactText(`a ${TOKEN} b ${TOKEN}`)).toBe('a <token> b <token>');
    expect(redactText(`https://example.com/bot${TOKEN}/hook`)).toBe('https://example.com/bot<token>/hook');
    expect(redactText('12:30 and 1:abc')).toBe('12:30 and 1:abc');
  });
});

describe('paramId', () => {
  it('reads a numeric id and nothing else', () => {
    expect(paramId('1000001')).toBe(1000001);
    expect(paramId(' -1001234567890 ')).toBe(-1001234567890);
    for (const other of [
      undefined,
      '',
      '-',
      '@channel',
      '12a',
      '1.5',
      '+1',
      '99999999999999999999',
      '9007199254740993',
    ]) {
      expect(paramId(other)).toBeNull();
    }
  });
});
