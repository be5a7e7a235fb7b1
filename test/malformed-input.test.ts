/**
 * Requests an outside fuzzer found answered with 500: malformed multipart bodies, JSON nested
 * thousands of levels deep, and content types Fastify refuses where the fast lane reads on. Each
 * must be a 4xx in the surface's own envelope, and every log level must answer alike, through the
 * fast lanes or through Fastify (ADR 0005).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupGateway, type GatewaySetup } from './helpers/gateway.js';
import { ADMIN_TOKEN, startServer, userAndBot, type TestServer } from './helpers/in-process.js';

interface Raw {
  status: number;
  text: string;
}

async function raw(url: string, init: RequestInit = {}): Promise<Raw> {
  const response = await fetch(url, init);
  return { status: response.status, text: await response.text() };
}

/** A server with a bot its user has written to, and a gateway account with a person to send to. */
interface Scene {
  server: TestServer;
  token: string;
  chatId: number;
  phone: string;
  chat: string;
  gw: GatewaySetup;
  person: string;
}

async function scene(logLevel: 'info' | 'debug'): Promise<Scene> {
  // At info the fast lanes answer what they take; the debug server has them off, so that Fastify
  // answers everything: the two must agree whatever the log level and the path a request takes.
  const server = await startServer({ logLevel }, { fastLanes: logLevel === 'info' });
  const { user, bot, token } = await userAndBot(server, 'fuzz');
  const chat = `@${bot.username}`;
  await server.control.sendMessage({ from: user.phone_number, chat, text: '/start' });
  const gw = await setupGateway(server, 10_000);
  const person = (await gw.person()).phone_number;
  return { server, token, chatId: user.id, phone: user.phone_number, chat, gw, person };
}

const messageCount = async (s: Scene) =>
  (await s.server.control.listMessages({ user: s.phone, chat: s.chat, limit: 100 })).length;

const arrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

let info: Scene;
let debug: Scene;
beforeAll(async () => {
  info = await scene('info');
  debug = await scene('debug');
});
afterAll(async () => {
  await info.server.close();
  await debug.server.close();
});

const BOUNDARY = 'fuzz-boundary-4f1c';

/** A multipart body of these parts, each given as its header lines and its content. */
function multipart(parts: Array<[headers: string[], content: string]>, boundary = BOUNDARY): Buffer {
  let text = '';
  for (const [headers, content] of parts)
    text += `--${boundary}\r\n${headers.join('\r\n')}\r\n\r\n${content}\r\n`;
  return Buffer.from(`${text}--${boundary}--\r\n`);
}

function sendDocumentBody(chatId: number): Buffer {
  return multipart([
    [['Content-Disposition: form-data; name="chat_id"'], String(chatId)],
    [['Content-Disposition: form-data; name="caption"'], 'the notes'],
    [
      ['Content-Disposition: form-data; name="document"; filename="notes.txt"', 'Content-Type: text/plain'],
      'first line\nsecond line\n'.repeat(4),
    ],
  ]);
}

describe('multipart/form-data that cannot be read (Bot API)', () => {
  const post = (s: Scene, contentType: string, body: Buffer | string) =>
    raw(`${s.server.url}/bot${s.token}/sendDocument`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body: typeof body === 'string' ? Buffer.from(body) : body,
    });
  const badRequest = (description: string) => ({
    status: 400,
    text: JSON.stringify({ ok: false, error_code: 400, description }),
  });

  it('a well-formed upload still works', async () => {
    const answer = await post(
      info,
      `multipart/form-data; boundary=${BOUNDARY}`,
      sendDocumentBody(info.chatId),
    );
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({
      ok: true,
      result: { caption: 'the notes', document: { file_name: 'notes.txt', mime_type: 'text/plain' } },
    });
    // A quoted boundary, and upper case, as clients send them.
    const quoted = await post(
      info,
      `Multipart/Form-Data; boundary="${BOUNDARY}"`,
      sendDocumentBody(info.chatId),
    );
    expect(quoted.status).toBe(200);
  });

  it('answers the reference texts for a content type without a usable boundary', async () => {
    const body = sendDocumentBody(info.chatId);
    expect(await post(info, 'multipart/form-data', 'abc')).toEqual(
      badRequest('Bad Request: boundary not found'),
    );
    expect(await post(info, 'multipart/form-data; boundary', body)).toEqual(
      badRequest('Bad Request: boundary value not found'),
    );
    expect(await post(info, 'multipart/form-data; boundary=', body)).toEqual(
      badRequest('Bad Request: boundary too big or empty'),
    );
    expect(await post(info, `multipart/form-data; boundary=${'b'.repeat(71)}`, body)).toEqual(
      badRequest('Bad Request: boundary too big or empty'),
    );
  });

  it('answers 400 for a body that is not multipart', async () => {
    expect(await post(info, `multipart/form-data; boundary=${BOUNDARY}`, 'abc')).toEqual(
      badRequest('Bad Request: unexpected end of multipart/form-data'),
    );
    expect(await post(info, `multipart/form-data; boundary=${BOUNDARY}`, '{"chat_id":1}')).toEqual(
      badRequest('Bad Request: unexpected end of multipart/form-data'),
    );
  });

  it('answers 400 for a part whose header has no name', async () => {
    const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
    for (const disposition of ['form-data', 'form-data; name=""', 'form-data; filename="a.txt"']) {
      const body = multipart([
        [['Content-Disposition: form-data; name="chat_id"'], String(info.chatId)],
        [[`Content-Disposition: ${disposition}`], 'hello'],
      ]);
      expect({ disposition, ...(await post(info, contentType, body)) }).toEqual({
        disposition,
        ...badRequest('Bad Request: field name in multipart/form-data not found'),
      });
    }
  });

  it('answers the reference text for more than 50 files', async () => {
    const files = Array.from({ length: 51 }, (_, i): [string[], string] => [
      [`Content-Disposition: form-data; name="f${i}"; filename="f${i}.txt"`],
      'hello',
    ]);
    const body = multipart([
      [['Content-Disposition: form-data; name="chat_id"'], String(info.chatId)],
      ...files,
    ]);
    expect(await post(info, `multipart/form-data; boundary=${BOUNDARY}`, body)).toEqual({
      status: 413,
      text: JSON.stringify({
        ok: false,
        error_code: 413,
        description: 'Request Entity Too Large: too many files attached',
      }),
    });
  });

  it('answers 400 for a valid upload cut short anywhere, and sends nothing', async () => {
    const body = sendDocumentBody(info.chatId);
    const before = await messageCount(info);
    const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
    const answers = new Map<string, number[]>();
    // Every cut up to the closing delimiter's final "--" (cut later, the body is still complete).
    for (let cut = 1; cut <= body.length - 4; cut++) {
      const answer = await post(info, contentType, body.subarray(0, cut));
      const envelope = JSON.parse(answer.text || 'null') as { description?: string } | null;
      const key = `${answer.status} ${envelope?.description ?? answer.text}`;
      answers.set(key, [...(answers.get(key) ?? []), cut]);
    }
    const seen = [...answers.keys()];
    expect(
      seen.every((key) => /^400 Bad Request: /.test(key)),
      seen.join('\n'),
    ).toBe(true);
    expect(await messageCount(info)).toBe(before);
  });

  it('answers the same through the gateway at every log level (the gateway reads no multipart)', async () => {
    for (const contentType of ['multipart/form-data', `multipart/form-data; boundary=${BOUNDARY}`]) {
      const answers = [];
      for (const s of [info, debug]) {
        answers.push(
          await raw(`${s.server.url}/gateway/checkSendAbility`, {
            method: 'POST',
            headers: { 'content-type': contentType, authorization: `Bearer ${s.gw.token}` },
            body: multipart([[['Content-Disposition: form-data; name="phone_number"'], s.person]]).subarray(
              0,
              30,
            ),
          }),
        );
      }
      expect(answers[0]).toEqual({ status: 400, text: '{"ok":false,"error":"PHONE_NUMBER_INVALID"}' });
      expect(answers[1]).toEqual(answers[0]);
    }
  });
});

describe('deeply nested JSON', () => {
  const markup = (depth: number) =>
    `{"inline_keyboard":[[{"text":"a","callback_data":"b","extra":${arrays(depth)}}]]}`;
  const TOO_DEEP = {
    status: 400,
    text: JSON.stringify({
      ok: false,
      error_code: 400,
      description: "Bad Request: can't parse parameter value: Too big object depth",
    }),
  };

  it.each(['info', 'debug'])(
    'a JSON body nested 5,000 levels deep answers 400 (log level %s)',
    async (level) => {
      const s = level === 'info' ? info : debug;
      const base = `${s.server.url}/bot${s.token}`;
      const json = { 'content-type': 'application/json' };
      for (const [method, body] of [
        ['sendMessage', `{"chat_id":${s.chatId},"text":"x","reply_markup":${arrays(5000)}}`],
        ['sendMessage', `{"chat_id":${s.chatId},"text":"x","reply_markup":${markup(5000)}}`],
        ['setWebhook', `{"url":"","reply_markup":${arrays(5000)}}`],
        ['getUpdates', `{"timeout":0,"reply_markup":${arrays(5000)}}`],
        ['getMe', `{"a":${arrays(300_000)}}`],
      ] as const) {
        expect({
          method,
          ...(await raw(`${base}/${method}`, { method: 'POST', headers: json, body })),
        }).toEqual({
          method,
          ...TOO_DEEP,
        });
      }
    },
  );

  it('a JSON body within the limit is read', async () => {
    const base = `${info.server.url}/bot${info.token}`;
    const answer = await raw(`${base}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // reply_markup is 4 levels down; the extra member takes the body to 100 levels.
      body: `{"chat_id":${info.chatId},"text":"x","reply_markup":${markup(95)}}`,
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({
      ok: true,
      result: { reply_markup: { inline_keyboard: [[{ text: 'a', callback_data: 'b' }]] } },
    });
  });

  it.each<[string, string, Record<string, string>, string]>([
    [
      'reply_markup',
      'sendMessage',
      { reply_markup: markup(5000) },
      "can't parse reply keyboard markup JSON object",
    ],
    [
      'reply_markup keyboard',
      'sendMessage',
      { reply_markup: `{"keyboard":[[{"text":"a","extra":${arrays(5000)}}]]}` },
      "can't parse reply keyboard markup JSON object",
    ],
    [
      'link_preview_options',
      'sendMessage',
      { link_preview_options: `{"url":${arrays(5000)}}` },
      "can't parse link preview options JSON object",
    ],
    [
      'reply_parameters',
      'sendMessage',
      { reply_parameters: `{"message_id":1,"chat_id":${arrays(5000)}}` },
      "can't parse reply parameters JSON object",
    ],
    [
      'scope',
      'setMyCommands',
      { commands: '[]', scope: `{"type":"chat","chat_id":${arrays(5000)}}` },
      "can't parse BotCommandScope JSON object",
    ],
  ])('a form value nested 5,000 levels deep answers 400 (%s)', async (_name, method, extra, description) => {
    for (const s of [info, debug]) {
      const params = new URLSearchParams({ chat_id: String(s.chatId), text: 'x', ...extra }).toString();
      const expected = {
        status: 400,
        text: JSON.stringify({ ok: false, error_code: 400, description: `Bad Request: ${description}` }),
      };
      const form = await raw(`${s.server.url}/bot${s.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: Buffer.from(params),
      });
      expect(form).toEqual(expected);
      // In the query string, with the brackets unencoded to stay within Node's 16 KiB of headers.
      const query = await raw(
        `${s.server.url}/bot${s.token}/${method}?${params.replace(/%5B/g, '[').replace(/%5D/g, ']')}`,
        { method: 'POST' },
      );
      expect(query).toEqual(expected);
    }
  });

  it('the gateway and the control API answer deep JSON with 4xx, alike at every log level', async () => {
    const answers = [];
    for (const s of [info, debug]) {
      for (const field of ['phone_number', 'code', 'payload', 'callback_url', 'ttl', 'request_id']) {
        const body = `{"phone_number":"${s.person}","code":"1234","${field}":${arrays(30_000)}}`;
        const answer = await raw(`${s.server.url}/gateway/sendVerificationMessage`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${s.gw.token}` },
          body,
        });
        answers.push({ field, ...answer });
      }
      const control = await raw(`${s.server.url}/control/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
        body: `{"from":"${s.phone}","chat":"${s.chat}","text":${arrays(300_000)}}`,
      });
      answers.push({ field: 'control', ...control });
    }
    const [atInfo, atDebug] = [answers.slice(0, answers.length / 2), answers.slice(answers.length / 2)];
    expect(atDebug).toEqual(atInfo);
    for (const answer of atInfo) expect(answer.status, JSON.stringify(answer)).toBeLessThan(500);
  });
});

describe('every log level answers alike (the fast lane and the Fastify routes)', () => {
  const CONTENT_TYPES = [
    undefined,
    'application/json',
    'application/json, text/plain',
    ';',
    '',
    'text/plain',
    'application/x-www-form-urlencoded; charset=utf-8',
    'APPLICATION/JSON; charset=utf-8',
  ];

  interface Case {
    name: string;
    path: (s: Scene) => string;
    init: (s: Scene) => RequestInit;
  }

  function cases(): Case[] {
    const list: Case[] = [];
    const bodies: Array<[string, (s: Scene, method: string) => string]> = [
      ['empty', () => ''],
      ['invalid JSON', () => '{"chat_id": 1,'],
      ['JSON array', () => '[1,2,3]'],
      ['JSON string', () => '"a string"'],
      [
        'JSON object',
        (s) => JSON.stringify({ chat_id: s.chatId, text: 'hi', phone_number: s.person, code: '1234' }),
      ],
      ['form', (s) => `chat_id=${s.chatId}&text=hi&phone_number=${encodeURIComponent(s.person)}&code=1234`],
    ];
    const surfaces: Array<
      [string, (s: Scene) => string, (s: Scene, valid: boolean) => Record<string, string>]
    > = [
      ['getMe', (s) => `/bot${s.token}/getMe`, () => ({})],
      ['sendMessage', (s) => `/bot${s.token}/sendMessage`, () => ({})],
      ['getMe, bad token', () => '/bot123:nope/getMe', () => ({})],
      ['sendMessage, bad token', () => '/bot123:nope/sendMessage', () => ({})],
      ['sendVerificationMessage', () => '/gateway/sendVerificationMessage', (s) => bearer(s, true)],
      ['checkSendAbility', () => '/gateway/checkSendAbility', (s) => bearer(s, true)],
      [
        'sendVerificationMessage, bad token',
        () => '/gateway/sendVerificationMessage',
        (s) => bearer(s, false),
      ],
      ['checkSendAbility, bad token', () => '/gateway/checkSendAbility', (s) => bearer(s, false)],
    ];
    for (const [surface, path, auth] of surfaces) {
      for (const contentType of CONTENT_TYPES) {
        for (const [body, make] of bodies) {
          list.push({
            name: `${surface} | ${contentType ?? '(no content type)'} | ${body}`,
            path,
            init: (s) => ({
              method: 'POST',
              headers: {
                ...auth(s, true),
                ...(contentType === undefined ? {} : { 'content-type': contentType }),
              },
              // Bytes: fetch would add a content type of its own to a string.
              body: Buffer.from(make(s, surface)),
            }),
          });
        }
      }
      list.push(
        {
          name: `${surface} | GET with a query`,
          path: (s) => `${path(s)}?chat_id=${s.chatId}&text=hi&phone_number=${encodeURIComponent(s.person)}`,
          init: (s) => ({ headers: { ...auth(s, true), 'content-type': 'application/json, text/plain' } }),
        },
        {
          name: `${surface} | oversized`,
          path,
          init: (s) => ({
            method: 'POST',
            headers: { ...auth(s, true), 'content-type': 'application/json, text/plain' },
            body: Buffer.from(JSON.stringify({ chat_id: s.chatId, text: 'x'.repeat((1 << 20) + 10) })),
          }),
        },
      );
    }
    return list;
  }

  function bearer(s: Scene, valid: boolean): Record<string, string> {
    return { authorization: `Bearer ${valid ? s.gw.token : `${s.gw.token}x`}` };
  }

  /** Ids, dates and balances differ between the two servers; statuses, codes and texts must not. */
  const shape = (text: string) => text.replace(/\d+/g, '0').replace(/"username":"[^"]*"/g, '');

  it('for odd content types and bodies, valid and invalid tokens, on both surfaces', async () => {
    const differences: string[] = [];
    const statuses = new Map<number, number>();
    for (const c of cases()) {
      const a = await raw(`${info.server.url}${c.path(info)}`, c.init(info));
      const b = await raw(`${debug.server.url}${c.path(debug)}`, c.init(debug));
      statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
      if (a.status >= 500) differences.push(`${c.name}: ${a.status} ${a.text} at info`);
      if (a.status !== b.status || shape(a.text) !== shape(b.text)) {
        differences.push(`${c.name}: info ${a.status} ${a.text} / debug ${b.status} ${b.text}`);
      }
    }
    expect(differences).toEqual([]);
    // The table did reach the methods: successes and refusals both.
    expect(statuses.get(200)).toBeGreaterThan(20);
    expect(statuses.get(400)).toBeGreaterThan(20);
  });
});
