/**
 * The Bot API's request machinery over real HTTP: the four ways of passing parameters, coercion,
 * case-insensitive methods, the envelope, token and method errors, and that bad input changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { NOT_SUPPORTED_METHODS } from '../src/bot-api/methods/not-supported.js';

let server: TestServer;
let token: string;
let userId: number;
let botName: string;
let phoneNumber: string;

beforeAll(async () => {
  server = await startServer();
  const made = await userAndBot(server, 'surface');
  token = made.token;
  userId = made.user.id;
  botName = made.bot.username;
  phoneNumber = made.user.phone_number;
  await server.control.sendMessage({ from: phoneNumber, chat: `@${botName}`, text: 'hi' });
});
afterAll(async () => {
  await server.close();
});

const raw = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${server.url}${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
    headers: response.headers,
  };
};

const messageCount = async () =>
  (await server.control.listMessages({ user: phoneNumber, chat: `@${botName}` })).length;

describe('routing and envelope', () => {
  it('answers getMe by GET and POST, with any letter case, with the getMe-only flags', async () => {
    for (const method of ['getMe', 'GETME', 'getme']) {
      const answer = await raw(`/bot${token}/${method}`);
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({
        ok: true,
        result: { is_bot: true, username: botName, can_join_groups: true },
      });
    }
    const posted = await raw(`/bot${token}/getMe`, { method: 'POST' });
    expect(Object.keys(posted.json!)).toEqual(['ok', 'result']);
  });

  it('takes the method from the `method` parameter when the path has none', async () => {
    const answer = await raw(`/bot${token}/?method=getMe`);
    expect(answer.json).toMatchObject({ ok: true });
  });

  it('answers the reference texts for unknown paths, methods and tokens', async () => {
    expect((await raw(`/bot${token}`)).json).toEqual({
      ok: false,
      error_code: 404,
      description: 'Not Found',
    });
    expect((await raw(`/bot${token}/noSuchMethod`)).json).toEqual({
      ok: false,
      error_code: 404,
      description: 'Not Found: method not found',
    });
    const [id] = token.split(':');
    const wrong = await raw(`/bot${id}:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/getMe`);
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    // Authorization comes before method lookup.
    expect((await raw(`/bot${id}:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/noSuchMethod`)).status).toBe(401);
    expect((await raw('/botnotatoken/getMe')).json).toMatchObject({
      description: 'Unauthorized: invalid token specified',
    });
  });

  // A method of the spec not backed yet, if any is left (the 10.2 additions were the last).
  const unbacked = [...NOT_SUPPORTED_METHODS.values()][0];
  it.skipIf(unbacked === undefined)('names a method of the spec that is not implemented yet', async () => {
    const answer = await raw(`/bot${token}/${unbacked}`);
    expect(answer.status).toBe(501);
    expect(answer.json?.description).toBe(
      `Not Implemented: method ${unbacked} is not supported by Parley yet`,
    );
  });

  it('answers 501 with an empty body for other verbs', async () => {
    const answer = await raw(`/bot${token}/getMe`, { method: 'PUT' });
    expect(answer.status).toBe(501);
    expect(answer.text).toBe('');
  });
});

describe('parameters', () => {
  it('reads the query string, form bodies, JSON bodies and multipart forms alike', async () => {
    const before = await messageCount();
    const viaQuery = await raw(`/bot${token}/sendMessage?chat_id=${userId}&text=from%20query`);
    const viaForm = await raw(`/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `chat_id=${userId}&text=from+form&protect_content=yes`,
    });
    const viaJson = await callBotApi(server, token, 'sendMessage', {
      chat_id: userId,
      text: 'from json',
      protect_content: true,
    });
    const form = new FormData();
    form.set('chat_id', String(userId));
    form.set('text', 'from multipart');
    const viaMultipart = await raw(`/bot${token}/sendMessage`, { method: 'POST', body: form });
    expect((viaQuery.json!.result as { text: string }).text).toBe('from query');
    expect(viaForm.json!.result).toMatchObject({ text: 'from form', has_protected_content: true });
    expect(viaJson.body.result).toMatchObject({ text: 'from json', has_protected_content: true });
    expect((viaMultipart.json!.result as { text: string }).text).toBe('from multipart');
    expect(await messageCount()).toBe(before + 4);
  });

  it('lets a query-string value win over the body', async () => {
    const answer = await raw(`/bot${token}/sendMessage?text=query%20wins`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: userId, text: 'body loses' }),
    });
    expect((answer.json!.result as { text: string }).text).toBe('query wins');
  });

  it('accepts JSON-serialized objects inside form fields', async () => {
    const markup = JSON.stringify({ inline_keyboard: [[{ text: 'Yes', callback_data: 'y' }]] });
    const answer = await raw(`/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `chat_id=${userId}&text=pick&reply_markup=${encodeURIComponent(markup)}`,
    });
    expect(answer.json!.result).toMatchObject({
      reply_markup: { inline_keyboard: [[{ text: 'Yes', callback_data: 'y' }]] },
    });
  });
});

describe('sendMessage errors change nothing', () => {
  const cases: Array<[string, Record<string, unknown>, number, string]> = [
    ['no chat_id', { text: 'x' }, 400, 'Bad Request: chat_id is empty'],
    ['unknown chat', { chat_id: 12345, text: 'x' }, 400, 'Bad Request: chat not found'],
    ['no text', { chat_id: 'USER' }, 400, 'Bad Request: message text is empty'],
    ['empty text', { chat_id: 'USER', text: '' }, 400, 'Bad Request: message text is empty'],
    ['blank text', { chat_id: 'USER', text: '   ' }, 400, 'Bad Request: text must be non-empty'],
    ['long text', { chat_id: 'USER', text: 'x'.repeat(4097) }, 400, 'Bad Request: message is too long'],
    ['huge text', { chat_id: 'USER', text: 'x'.repeat(40000) }, 400, 'Bad Request: text is too long'],
    [
      'parse mode',
      { chat_id: 'USER', text: 'x', parse_mode: 'BBCode' },
      400,
      'Bad Request: unsupported parse_mode',
    ],
    [
      'reserved character',
      { chat_id: 'USER', text: 'Hi.', parse_mode: 'MarkdownV2' },
      400,
      "Bad Request: can't parse entities: Character '.' is reserved and must be escaped with the preceding '\\'",
    ],
    [
      'bad markup JSON',
      { chat_id: 'USER', text: 'x', reply_markup: '{oops' },
      400,
      "Bad Request: can't parse reply keyboard markup JSON object",
    ],
    [
      'text button inline',
      { chat_id: 'USER', text: 'x', reply_markup: { inline_keyboard: [[{ text: 'a' }]] } },
      400,
      "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard",
    ],
    [
      'missing reply',
      { chat_id: 'USER', text: 'x', reply_parameters: { message_id: 999 } },
      400,
      'Bad Request: message to be replied not found',
    ],
  ];
  for (const [name, params, status, description] of cases) {
    it(name, async () => {
      const before = await messageCount();
      const filled = Object.fromEntries(
        Object.entries(params).map(([k, v]) => [k, v === 'USER' ? userId : v]),
      );
      const answer = await callBotApi(server, token, 'sendMessage', filled);
      expect(answer.status).toBe(status);
      expect(answer.body).toEqual({ ok: false, error_code: status, description });
      expect(await messageCount()).toBe(before);
    });
  }

  it('sends without the reply when allow_sending_without_reply is set', async () => {
    const answer = await callBotApi(server, token, 'sendMessage', {
      chat_id: userId,
      text: 'no reply',
      reply_parameters: { message_id: 999, allow_sending_without_reply: true },
    });
    expect(answer.body.ok).toBe(true);
    expect(answer.body.result).not.toHaveProperty('reply_to_message');
  });

  it('formats MarkdownV2 into entities with UTF-16 offsets', async () => {
    const answer = await callBotApi(server, token, 'sendMessage', {
      chat_id: userId,
      text: '😀 *bold* _it_',
      parse_mode: 'MarkdownV2',
    });
    expect(answer.body.result).toMatchObject({
      text: '😀 bold it',
      entities: [
        { type: 'bold', offset: 3, length: 4 },
        { type: 'italic', offset: 8, length: 2 },
      ],
    });
  });
});
