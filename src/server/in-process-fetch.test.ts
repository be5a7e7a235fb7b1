/**
 * The in-process transport's answers are Responses as fetch gives them: status, headers, a body read
 * once by `text`, `json`, `arrayBuffer` or `blob`, or streamed through `body`; `clone` before a read.
 * The kit's use of it, through a real server and grammY, is in test/testkit-in-process-fetch.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { inProcessFetch } from './in-process-fetch.js';

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
