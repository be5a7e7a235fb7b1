/**
 * No secret in the logs, whatever the request (issue 24, item 3; the README promises none): at
 * debug, where every line Fastify writes carries the request's URL, a server is sent a bot token,
 * its secret part, the admin token, a gateway access token and a web session token in every place a
 * client could put one by mistake (unknown verbs on token paths, query strings, paths that do not
 * start with `/bot`, a control path that names a token), and the captured log text holds none of
 * them. Each of those requests is answered by its surface's own envelope with fixed text: no path
 * or query echoed back.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, startServer, userAndBot, phone, type TestServer } from './helpers/in-process.js';
import { setupGateway } from './helpers/gateway.js';
import { waitFor } from './helpers/wait-for.js';

interface Answer {
  status: number;
  body: string;
}

/** One request with its path sent as given (`..` and all: curl's --path-as-is), over node:http. */
function send(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ hostname, port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
      response.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

interface LogLine {
  msg?: string;
  reqId?: string;
  req?: { url?: string };
}

const parsed = (logs: string[]): LogLine[] =>
  logs
    .join('')
    .split('\n')
    .filter((text) => text !== '')
    .map((text) => JSON.parse(text) as LogLine);

/**
 * Waits until Fastify has written the completion line of a `/healthz` request sent after the
 * others: the requests before it went out one after another, so their lines are written by then.
 */
async function settle(server: TestServer): Promise<void> {
  const from = server.logs.length;
  await send(server.url, 'GET', '/healthz');
  await waitFor(
    () => {
      const lines = parsed(server.logs.slice(from));
      const incoming = lines.find((line) => line.msg === 'incoming request' && line.req?.url === '/healthz');
      return (
        incoming !== undefined &&
        lines.some((line) => line.msg === 'request completed' && line.reqId === incoming.reqId)
      );
    },
    { what: "the /healthz request's completion line" },
  );
}

// Through the fast lanes, and through Fastify alone (each surface's own routes and serializers).
describe.each([true, false])('at debug, fast lanes %s', (fastLanes) => {
  let server: TestServer;
  let token: string;
  let gatewayToken: string;
  let session: string;
  const answers: [string, Answer][] = [];

  beforeAll(async () => {
    server = await startServer({ logLevel: 'debug' }, { fastLanes });
    token = (await userAndBot(server, 'secretive')).token;
    gatewayToken = (await setupGateway(server)).token;
    const signedIn = await fetch(`${server.url}/web/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: phone(), first_name: 'Sam' }),
    });
    session = ((await signedIn.json()) as { result: { token: string } }).result.token;
  });
  afterAll(async () => {
    await server.close();
  });

  /** Sends one request and keeps its answer under a name for the assertions below. */
  async function ask(method: string, path: string, headers: Record<string, string> = {}) {
    const answer = await send(server.url, method, path, headers);
    answers.push([`${method} ${path}`, answer]);
    return answer;
  }

  it('answers every kind of misplaced secret in the surface envelope, with fixed text', async () => {
    const admin = { authorization: `Bearer ${ADMIN_TOKEN}` };
    const person = { authorization: `Bearer ${session}` };
    const secretQuery = `access_token=${gatewayToken}&token=${session}&secret=${ADMIN_TOKEN}`;
    const botNotFound = JSON.stringify({ ok: false, error_code: 404, description: 'Not Found' });

    // Unknown verbs on token paths: the Bot API's 501 with an empty body (reference §1.2); the
    // file download, which has GET and HEAD, its 404.
    expect(await ask('PROPFIND', `/bot${token}/getMe`)).toEqual({ status: 501, body: '' });
    expect(await ask('PROPFIND', `/bot${token}/getMe?${secretQuery}`)).toEqual({ status: 501, body: '' });
    expect(await ask('PROPFIND', `/file/bot${token}/documents/file_0.txt`)).toEqual({
      status: 404,
      body: botNotFound,
    });
    expect(await ask('GET', `/bot${token}/getMe?${secretQuery}`)).toMatchObject({ status: 200 });

    // Paths that do not start with the token's prefix: the reference's 404 for a path it cannot route.
    for (const path of [
      `/../bot${token}/getMe`,
      `/x/bot${token}`,
      `/x/bot${token}/getMe?${secretQuery}`,
      `/nothing?${secretQuery}`,
      `/%2e%2e/bot${token}/getMe`,
    ]) {
      expect(await ask('GET', path)).toEqual({ status: 404, body: botNotFound });
    }
    expect(await ask('PROPFIND', `/x/bot${token}/getMe`)).toEqual({ status: 404, body: botNotFound });

    // The gateway: its own UNKNOWN_METHOD.
    for (const [method, path] of [
      ['PROPFIND', `/gateway/sendVerificationMessage?${secretQuery}`],
      ['GET', `/gateway/nothing/deeper?${secretQuery}`],
    ] as const) {
      expect(await ask(method, path, { authorization: `Bearer ${gatewayToken}` })).toEqual({
        status: 404,
        body: JSON.stringify({ ok: false, error: 'UNKNOWN_METHOD' }),
      });
    }

    // A bot token where the gateway's method goes: its envelope, whatever it refuses first.
    for (const path of [
      `/gateway/${token}`,
      `/gateway/bot${token}`,
      `/gateway/${encodeURIComponent(token)}`,
    ]) {
      const answer = await ask('GET', path, { authorization: `Bearer ${gatewayToken}` });
      expect(Object.keys(JSON.parse(answer.body) as object)).toEqual(['ok', 'error']);
    }

    // The control API: a token where a bot's username goes, the admin token in a query string.
    // (Its description names the bot asked for: the caller's own input, back to the caller only.)
    const noBot = await send(server.url, 'GET', `/control/bots/${encodeURIComponent(token)}`, admin);
    expect(noBot.status).toBe(404);
    expect(JSON.parse(noBot.body)).toMatchObject({ ok: false, error: 'BOT_NOT_FOUND' });
    const controlNotFound = {
      status: 404,
      body: JSON.stringify({ ok: false, error: 'NOT_FOUND', description: 'no such route' }),
    };
    expect(await ask('PUT', `/control/users?token=${ADMIN_TOKEN}`, admin)).toEqual(controlNotFound);
    expect(await ask('PROPFIND', `/control/users?token=${ADMIN_TOKEN}`, admin)).toEqual(controlNotFound);
    expect((await ask('PUT', `/control/users?token=${ADMIN_TOKEN}`)).status).toBe(401);
    expect(await ask('GET', `/control/bots/${token}/nothing?${secretQuery}`, admin)).toEqual(controlNotFound);

    // Paths Fastify cannot route at all, in the envelope of the surface they name, with fixed text.
    expect(await ask('GET', `/bot${token}/get%zzMe?${secretQuery}`)).toEqual({
      status: 404,
      body: botNotFound,
    });
    expect(await ask('GET', `/x/bot${token}%zz/getMe?${secretQuery}`)).toEqual({
      status: 400,
      body: JSON.stringify({ ok: false, error: 'BAD_REQUEST', description: 'malformed URL' }),
    });
    expect(await ask('GET', `/control/bots/${token}${'x'.repeat(1000)}?${secretQuery}`, admin)).toEqual({
      status: 414,
      body: JSON.stringify({ ok: false, error: 'BAD_REQUEST', description: 'a path segment is too long' }),
    });

    // The person API: its own envelope.
    const webNotFound = {
      status: 404,
      body: JSON.stringify({ ok: false, error: 'NOT_FOUND', description: 'no such route' }),
    };
    expect(await ask('GET', `/web/api/nothing?${secretQuery}`, person)).toEqual(webNotFound);
    expect(await ask('PROPFIND', `/web/api/me?${secretQuery}`, person)).toEqual(webNotFound);
    expect(await ask('GET', `/web/api/${session}`, person)).toEqual(webNotFound);

    await settle(server);
    for (const [request, answer] of answers) {
      for (const secret of [token, token.split(':')[1]!, ADMIN_TOKEN, gatewayToken, session]) {
        expect(answer.body, request).not.toContain(secret);
      }
    }
  });

  it('has no secret anywhere in the logs', () => {
    const logs = server.logs.join('');
    // The requests above were logged (the test would pass on an empty log otherwise).
    expect(logs).toContain('/bot<redacted>/getMe');
    expect(logs).toContain('PROPFIND');
    for (const [name, secret] of [
      ['the bot token', token],
      ["the bot token's secret", token.split(':')[1]!],
      ['the admin token', ADMIN_TOKEN],
      ['the gateway access token', gatewayToken],
      ['the session token', session],
      ["the session token's secret", session.split('.').at(-1)!],
    ] as const) {
      expect(logs.includes(secret), name).toBe(false);
    }
  });
});
