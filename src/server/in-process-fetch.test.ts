/**
 * The in-process transport's answers are Responses as fetch gives them: status, headers, a body read
 * once by `text`, `json`, `arrayBuffer` or `blob`, or streamed through `body`; `clone` before a read.
 * The kit's use of it, through a real server and grammY, is in test/testkit-in-process-fetch.test.ts.
 */
import type { IncomingMessage } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessFetch } from './in-process-fetch.js';
import { readBody } from '../http/http-lane.js';

const fetchOf = (body: string, status = 201) =>
  inProcessFetch({
    origin: 'http://127.0.0.1:1',
    closing: () => false,
    handle: (_request, response) => {
      response.writeHead(status, ['content-type', 'application/json', 'x-kind', 'test']);
      response.end(body);
    },
  });

describe('an in-memory answer', () => {
  it('is a Response with the status and headers written', async () => {
    const response = await fetchOf('{"ok":true}')('http://127.0.0.1:1/a');
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.ok, response.headers.get('x-kind')]).toEqual([201, true, 'test']);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it('reads as bytes, a blob, or a stream, and clones before a read', async () => {
    const fetch = fetchOf('{"n":1}');
    const response = await fetch('http://127.0.0.1:1/b');
    const copy = response.clone();
    expect(new TextDecoder().decode(await response.arrayBuffer())).toBe('{"n":1}');
    expect(() => response.clone()).toThrow(TypeError);
    const chunks: Buffer[] = [];
    for await (const chunk of copy.body!) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).toString()).toBe('{"n":1}');
    expect(copy.bodyUsed).toBe(true);
    const blob = await (await fetch('http://127.0.0.1:1/c')).blob();
    expect([blob.type, await blob.text()]).toEqual(['application/json', '{"n":1}']);
  });

  it('has no body for a null-body status or a HEAD request', async () => {
    expect((await fetchOf('', 204)('http://127.0.0.1:1/d')).body).toBeNull();
    const head = await fetchOf('{"n":1}', 200)('http://127.0.0.1:1/e', { method: 'HEAD' });
    expect([head.status, head.body, await head.text()]).toEqual([200, null, '']);
  });
});

describe('the cost of an in-memory exchange (issue 28)', () => {
  const original = globalThis.Headers;
  afterEach(() => {
    globalThis.Headers = original;
  });

  it("builds an answer's Headers only when they are read", async () => {
    let made = 0;
    globalThis.Headers = class extends original {
      constructor(init?: ConstructorParameters<typeof Headers>[0]) {
        super(init);
        made += 1;
      }
    };
    const response = await fetchOf('{"ok":true}')('http://127.0.0.1:1/f');
    expect(await response.json()).toEqual({ ok: true });
    expect(made).toBe(0);
    expect([response.headers.get('x-kind'), response.headers.get('content-type')]).toEqual([
      'test',
      'application/json',
    ]);
    expect(made).toBe(1);
    const copy = (await fetchOf('{}')('http://127.0.0.1:1/g')).clone();
    copy.headers.set('x-kind', 'changed');
    expect(copy.headers.get('x-kind')).toBe('changed');
  });

  it('hands a lane its request body without the stream, and a stream reader the same bytes', async () => {
    const seen: Array<{ body: string; flowing: boolean | null }> = [];
    const fetch = inProcessFetch({
      origin: 'http://127.0.0.1:1',
      closing: () => false,
      handle: (request, response) => {
        void (async () => {
          const lane = request.url === '/lane';
          let body: string;
          if (lane) body = (await readBody(request, 1 << 10)).toString();
          else {
            const chunks: Buffer[] = [];
            for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
            body = Buffer.concat(chunks).toString();
          }
          // The lane's read never set the stream flowing (no `data`, no `end`, no ticks between).
          seen.push({ body, flowing: lane ? request.readableFlowing : null });
          response.writeHead(200, ['content-type', 'text/plain']);
          response.end(body);
        })();
      },
    });
    for (const path of ['/lane', '/stream']) {
      const answer = await fetch(`http://127.0.0.1:1${path}`, { method: 'POST', body: '{"a":1}' });
      expect(await answer.text()).toBe('{"a":1}');
    }
    expect(seen).toEqual([
      { body: '{"a":1}', flowing: null },
      { body: '{"a":1}', flowing: null },
    ]);
    const tooLarge = inProcessFetch({
      origin: 'http://127.0.0.1:1',
      closing: () => false,
      handle: (request: IncomingMessage, response) => {
        readBody(request, 3).then(
          () => response.end('read'),
          (error: Error) => response.end(error.constructor.name),
        );
      },
    });
    const refused = await tooLarge('http://127.0.0.1:1/x', {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-length': '2' },
    });
    expect(await refused.text()).toBe('BodyTooLarge');
  });
});
