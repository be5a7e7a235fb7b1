import { describe, expect, it } from 'vitest';
import { parseBotToken } from './bot-token.js';
import { BotApiError } from './errors.js';

const description = (token: string) => {
  const result = parseBotToken(token);
  return result instanceof BotApiError ? `${result.code} ${result.description}` : 'ok';
};

describe('parseBotToken', () => {
  it('accepts <id>:<secret>', () => {
    expect(parseBotToken('123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw')).toEqual({
      botId: 123456,
      secret: 'AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
    });
  });
  it('answers the reference texts for malformed tokens', () => {
    expect(description('0123:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw')).toBe(
      '401 Unauthorized: invalid token specified',
    );
    expect(description('123456')).toBe('401 Unauthorized: invalid token specified');
    expect(description('12a:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw')).toBe(
      '421 Misdirected Request: unallowed token specified',
    );
    expect(description('123:short')).toBe('401 Unauthorized');
    expect(description('123:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDs!a')).toBe('401 Unauthorized');
    expect(description(`${2 ** 54}:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw`)).toBe(
      '401 Unauthorized: invalid token specified',
    );
  });
});
