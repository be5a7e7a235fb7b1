/**
 * The person API's refusals as docs/web-client.md describes them (issue 24, item 9), over HTTP: an
 * unknown route answers the API's own envelope with fixed text (not Fastify's body, which echoed the
 * query string), whatever the verb and whether the page is served beside it; reading the messages
 * or pins of a chat the person cannot see is 404 `CHAT_NOT_FOUND`, the same answer as for a chat
 * that does not exist; a file over its limit is 413 `FILE_TOO_BIG`, a JSON body over 1 MB 413
 * `REQUEST_TOO_LARGE`, and nothing is sent.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, startServer, type TestServer } from '../helpers/in-process.js';
import { ensurePageBuilt } from '../helpers/browser.js';

let server: TestServer;
beforeAll(async () => {
  // With the page built, `/web/*` serves its files: the API's unknown paths must not fall to it.
  await ensurePageBuilt();
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server.close();
});

interface Answer {
  status: number;
  body: Record<string, unknown> & { result?: unknown };
}

async function web(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${server.url}/web/api${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: {
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

/**
 * A request over node:http (any verb), its body `sent` bytes of a declared `length`: an oversized
 * body is refused by its Content-Length, so the test need not send it whole.
 */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  sent = 0,
  length = sent,
): Promise<Answer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { hostname, port, method, path, headers: { ...headers, 'content-length': String(length) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(Buffer.concat(chunks).toString()) as Answer['body'],
          });
          outgoing.destroy();
        });
      },
    );
    // The server may answer and close before the declared body is all there.
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    if (sent > 0) outgoing.write(Buffer.alloc(sent, 1));
    if (sent === length) outgoing.end();
  });
}

async function signIn(firstName: string) {
  const answer = await web('/sign-in', { body: { phone_number: phone(), first_name: firstName } });
  expect(answer.body.ok).toBe(true);
  return answer.body.result as { token: string; user: { id: number } };
}

describe('unknown routes', () => {
  it("answer the person API's envelope with fixed text, for every verb", async () => {
    const { token } = await signIn('Una');
    const notFound = { status: 404, body: { ok: false, error: 'NOT_FOUND', description: 'no such route' } };
    for (const [method, path] of [
      ['GET', '/nothing?token=hush-hush-0001'],
      ['POST', '/nothing?token=hush-hush-0002'],
      ['GET', '/messages/deeper?token=hush-hush-0003'],
      ['DELETE', '/messages?token=hush-hush-0004'],
      ['PROPFIND', '/me?token=hush-hush-0005'],
      ['GET', ''],
      ['GET', '/'],
    ] as const) {
      const answer = await raw(method, `/web/api${path}`, { authorization: `Bearer ${token}` });
      expect(answer, `${method} ${path}`).toEqual(notFound);
    }
  });
});

describe('reading a chat the person cannot see', () => {
  it('is 404 CHAT_NOT_FOUND, the same answer as for a chat that does not exist', async () => {
    const alice = await signIn('Alice');
    const bob = await signIn('Bob');
    const created = await web('/chats', { token: alice.token, body: { title: 'Private club' } });
    const group = (created.body.result as { id: number }).id;
    const said = await web('/messages', { token: alice.token, body: { chat: group, text: 'members only' } });
    const pinned = await web('/pins', {
      token: alice.token,
      body: { chat: group, message_id: (said.body.result as { message_id: number }).message_id },
    });
    expect(pinned.status).toBe(200);
    const bot = await server.control.createBot({ username: `refusals${Date.now() % 100000}_bot` });

    const refused = {
      status: 404,
      body: { ok: false, error: 'CHAT_NOT_FOUND', description: 'chat not found' },
    };
    // A group Bob is not in, one that does not exist, a person he never wrote to, and no one.
    for (const chat of [group, -1_999_999_999, alice.user.id, 1_999_999_999]) {
      for (const route of ['/messages', '/pins']) {
        expect(await web(`${route}?chat=${chat}`, { token: bob.token }), `${route} ${chat}`).toEqual(refused);
      }
    }
    // A chat its member sees; one that a message to @username would open is empty until then.
    expect((await web(`/messages?chat=${group}`, { token: alice.token })).body.result).toContainEqual(
      expect.objectContaining({ text: 'members only' }),
    );
    expect((await web(`/pins?chat=${group}`, { token: alice.token })).body.result).toHaveLength(1);
    for (const route of ['/messages', '/pins']) {
      expect(await web(`${route}?chat=@${bot.username}`, { token: bob.token })).toEqual({
        status: 200,
        body: { ok: true, result: [] },
      });
    }
  });
});

describe('a body over its limit', () => {
  it('is 413 FILE_TOO_BIG for a file, REQUEST_TOO_LARGE for JSON, and sends nothing', async () => {
    const alice = await signIn('Alice');
    const bob = await signIn('Bob');
    const auth = { authorization: `Bearer ${alice.token}` };
    const binary = { ...auth, 'content-type': 'application/octet-stream' };
    const media = `/web/api/media?chat=${bob.user.id}`;

    expect(
      await raw('POST', `${media}&kind=document&filename=big.bin`, binary, 1024, 20 * 1024 * 1024 + 1),
    ).toEqual({
      status: 413,
      body: { ok: false, error: 'FILE_TOO_BIG', description: 'the file is larger than 20 MB' },
    });
    // A photo's limit is lower than the route's: the body is read, and refused alike.
    expect(await raw('POST', `${media}&kind=photo`, binary, 10 * 1024 * 1024 + 1)).toEqual({
      status: 413,
      body: { ok: false, error: 'FILE_TOO_BIG', description: 'the file is larger than 10 MB' },
    });
    expect(await raw('POST', `/web/api/chats/photo?chat=1`, binary, 1024, 10 * 1024 * 1024 + 1)).toEqual({
      status: 413,
      body: { ok: false, error: 'FILE_TOO_BIG', description: 'the file is larger than 10 MB' },
    });
    expect(
      await raw('POST', '/web/api/messages', { ...auth, 'content-type': 'application/json' }, 1024, 2 << 20),
    ).toEqual({
      status: 413,
      body: { ok: false, error: 'REQUEST_TOO_LARGE', description: 'the request body is larger than 1 MB' },
    });

    // Nothing reached Bob: he has no chat with Alice.
    expect(await web(`/messages?chat=${alice.user.id}`, { token: bob.token })).toMatchObject({ status: 404 });
  });
});
