/**
 * How an answer is read off the webhook's connection (webhook-connection.ts `post`): a 2xx body as
 * text with its content type, a failure's status and Retry-After, a failure body too large to read
 * (its connection is dropped), and a connection closed mid-answer (a rejection, as for undici's
 * request).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { describeFailure, post, type Target } from './webhook-connection.js';

let server: Server;
let target: Target;

beforeEach(async () => {
  server = createServer((request, response) => {
    request.resume();
    const { url } = request;
    if (url === '/reply') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"method":"getMe"}')]));
    } else if (url === '/busy') {
      response.writeHead(429, { 'Retry-After': '7' });
      response.end('{"ok":false}');
    } else if (url === '/huge') {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('x'.repeat(1024 * 1024));
    } else if (url === '/cut') {
      response.writeHead(200, { 'content-length': '100' });
      response.write('partial');
      setImmediate(() => response.socket?.destroy());
    } else {
      response.writeHead(204);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  target = {
    path: '/',
    maxConnections: 2,
    headers: { 'content-type': 'application/json' },
    pool: new Pool(`http://127.0.0.1:${port}`, { connections: 2, pipelining: 1 }),
    release: async () => undefined,
  };
});

afterEach(async () => {
  await target.pool.destroy();
  await new Promise((resolve) => server.close(resolve));
});

it('reads a 2xx answer whole, without a leading BOM, with its content type', async () => {
  expect(await post({ ...target, path: '/reply' }, '{}')).toEqual({
    statusCode: 200,
    contentType: 'application/json',
    retryAfter: undefined,
    text: '{"method":"getMe"}',
  });
  expect(await post(target, '{}')).toEqual({
    statusCode: 204,
    contentType: '',
    retryAfter: undefined,
    text: '',
  });
});

it("answers a failure's status and Retry-After, without its body", async () => {
  expect(await post({ ...target, path: '/busy' }, '{}')).toEqual({
    statusCode: 429,
    contentType: '',
    retryAfter: '7',
    text: '',
  });
});

it('answers a failure whose body is too large to read, and delivers on other connections after', async () => {
  const answer = await post({ ...target, path: '/huge' }, '{}');
  expect(answer.statusCode).toBe(500);
  expect(answer.text).toBe('');
  expect((await post(target, '{}')).statusCode).toBe(204);
});

it('rejects when the connection closes before the answer is whole', async () => {
  const error = await post({ ...target, path: '/cut' }, '{}').then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(Error);
  expect(describeFailure(error)).toBe('Connection reset by peer');
});
