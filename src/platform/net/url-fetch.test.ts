import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostLookup } from './outbound-connector.js';
import { fetchUrl, UrlFetchError } from './url-fetch.js';

/** Serves /cat.txt, and /jump which redirects to cat.txt on the name `other.example`. */
let server: Server;
let port: number;
let connections = 0;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/jump') {
      response.writeHead(302, { location: `http://other.example:${port}/cat.txt` }).end();
    } else response.writeHead(200, { 'content-type': 'text/plain' }).end('meow');
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Every name resolves to the loopback listener; the names asked are recorded. */
function loopbackLookup(): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  return Object.assign(
    async (hostname: string) => {
      asked.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    },
    { asked },
  );
}

describe('fetchUrl', () => {
  it('resolves every hop with the given resolver (local profile)', async () => {
    const lookup = loopbackLookup();
    const fetched = await fetchUrl(`http://files.example:${port}/jump`, {
      maxBytes: 100,
      profile: 'local',
      lookup,
    });
    expect(fetched.data.toString()).toBe('meow');
    expect(fetched.fileName).toBe('cat.txt');
    expect(lookup.asked).toEqual(['files.example', 'other.example']);
  });

  it('in strict, refuses a name that resolves to a reserved address without connecting', async () => {
    const lookup = loopbackLookup();
    const before = connections;
    const fetching = fetchUrl(`http://files.example:${port}/cat.txt`, {
      maxBytes: 100,
      profile: 'strict',
      lookup,
    });
    await expect(fetching).rejects.toBeInstanceOf(UrlFetchError);
    await expect(fetching).rejects.toMatchObject({ reason: 'failed' });
    expect(lookup.asked).toEqual(['files.example']);
    expect(connections).toBe(before);
  });
});
