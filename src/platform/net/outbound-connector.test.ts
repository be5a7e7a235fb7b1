import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundConnector, ReservedAddressError, type HostLookup } from './outbound-connector.js';

/** A TCP listener on loopback that counts the connections it accepts. */
let server: Server;
let port: number;
let accepted = 0;
beforeAll(async () => {
  server = createServer((socket) => {
    accepted += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A resolver whose answers the test writes; it records the names asked. */
function fakeLookup(answers: Record<string, string[]>): HostLookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (hostname: string) => {
    asked.push(hostname);
    const addresses = answers[hostname];
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { asked });
}

/** Opens one connection through the connector to host:port; the socket or the error. */
function open(connect: ReturnType<typeof outboundConnector>, hostname: string): Promise<Socket | Error> {
  return new Promise((resolve) => {
    connect(
      { hostname, host: `${hostname}:${port}`, protocol: 'http:', port: String(port) },
      (error, socket) => {
        if (error) resolve(error);
        else {
          socket!.destroy();
          resolve(socket!);
        }
      },
    );
  });
}

describe('outboundConnector in the strict profile', () => {
  it('refuses a name that resolves to a reserved address when it connects, before connecting', async () => {
    const lookup = fakeLookup({ 'rebind.example': ['127.0.0.1'] });
    const before = accepted;
    const result = await open(outboundConnector({ profile: 'strict', lookup }), 'rebind.example');
    expect(result).toBeInstanceOf(ReservedAddressError);
    expect((result as Error).message).toBe('IP address 127.0.0.1 is reserved');
    expect(lookup.asked).toEqual(['rebind.example']);
    expect(accepted).toBe(before);
  });

  it('refuses a name with any reserved answer, and the IPv6 forms of one', async () => {
    for (const addresses of [['93.184.215.14', '127.0.0.1'], ['::ffff:7f00:1'], ['2002:7f00:1::']]) {
      const lookup = fakeLookup({ 'mixed.example': addresses });
      const result = await open(outboundConnector({ profile: 'strict', lookup }), 'mixed.example');
      expect(result, addresses.join()).toBeInstanceOf(ReservedAddressError);
    }
  });

  it('refuses a reserved literal address (which a socket does not look up)', async () => {
    const lookup = fakeLookup({});
    const before = accepted;
    for (const hostname of ['127.0.0.1', '[::ffff:127.0.0.1]', '::7f00:1']) {
      expect(await open(outboundConnector({ profile: 'strict', lookup }), hostname), hostname).toBeInstanceOf(
        ReservedAddressError,
      );
    }
    // Also when an ip_address is fixed: the socket would go to the literal, not to the fixed address.
    const fixed = outboundConnector({ profile: 'strict', lookup, fixedIp: '93.184.215.14' });
    expect(await open(fixed, '127.0.0.1')).toBeInstanceOf(ReservedAddressError);
    expect(accepted).toBe(before);
    expect(lookup.asked).toEqual([]);
  });

  it('refuses a reserved fixed ip_address in strict (a webhook stored before setWebhook checked it)', async () => {
    const lookup = fakeLookup({});
    const before = accepted;
    for (const ip of ['127.0.0.1', '169.254.169.254']) {
      const fixed = outboundConnector({ profile: 'strict', lookup, fixedIp: ip });
      expect(await open(fixed, 'hooks.example'), ip).toBeInstanceOf(ReservedAddressError);
    }
    expect(lookup.asked).toEqual([]);
    expect(accepted).toBe(before);
  });

  it('connects to a fixed ip_address of a name in local without checking it', async () => {
    const lookup = fakeLookup({});
    const before = accepted;
    const fixed = outboundConnector({ profile: 'local', lookup, fixedIp: '127.0.0.1' });
    expect(await open(fixed, 'hooks.example')).not.toBeInstanceOf(Error);
    expect(lookup.asked).toEqual([]);
    await expect.poll(() => accepted).toBe(before + 1);
  });

  it('passes a resolver error on', async () => {
    const result = await open(
      outboundConnector({ profile: 'strict', lookup: fakeLookup({}) }),
      'gone.example',
    );
    expect((result as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
  });
});

describe('outboundConnector in the local profile', () => {
  it('connects where the resolver says, loopback included', async () => {
    const lookup = fakeLookup({ 'rebind.example': ['127.0.0.1'] });
    const before = accepted;
    const local = outboundConnector({ profile: 'local', lookup });
    expect(await open(local, 'rebind.example')).not.toBeInstanceOf(Error);
    expect(await open(local, '127.0.0.1')).not.toBeInstanceOf(Error);
    expect(lookup.asked).toEqual(['rebind.example']);
    await expect.poll(() => accepted).toBe(before + 2);
  });
});
