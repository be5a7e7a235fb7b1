/**
 * A PostgreSQL node whose database goes away: `/readyz` turns not-ready (so a load balancer sends the
 * traffic elsewhere), calls fail with an error instead of hanging or half-writing, and when the
 * database is back the node is ready again and what was acknowledged before is all there.
 *
 * The database is reached through a TCP proxy in this test, which the test cuts and restores.
 * Needs PostgreSQL (skipped and said so without it; required by .ci/run).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { createParley, type Parley } from '../src/server/app.js';
import {
  dropSchema,
  postgresAvailable,
  TEST_POSTGRES_URL,
  testSchema,
} from '../src/storage/contracts/postgres.js';
import { ControlClient } from '../src/testkit/index.js';
import { waitFor } from './helpers/wait-for.js';

const ADMIN = 'outage-admin-token-0123456789';

/** A TCP proxy to the test database that can be cut (every connection closed, new ones refused). */
class Proxy {
  #server: Server | undefined;
  readonly #sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: URL) {}

  async open(): Promise<void> {
    this.#server = createServer((client) => {
      const upstream = connect(Number(this.target.port || 5432), this.target.hostname);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.#server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.#server.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise((resolve) => this.#server?.close(resolve));
  }
}

describe.skipIf(!postgresAvailable)('a node whose PostgreSQL database goes away', () => {
  const schema = testSchema();
  const target = new URL(TEST_POSTGRES_URL);
  const proxy = new Proxy(target);
  let parley: Parley;
  let url: string;
  let control: ControlClient;

  beforeAll(async () => {
    await proxy.open();
    const through = new URL(TEST_POSTGRES_URL);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    through.searchParams.set('schema', schema);
    const config = loadConfig({ data: through.toString(), port: '0', logLevel: 'silent' }, {});
    parley = await createParley({ config, adminToken: ADMIN });
    url = await parley.app.listen({ host: '127.0.0.1', port: 0 });
    parley.startWorkers();
    control = new ControlClient({ url, adminToken: ADMIN });
  }, 30_000);

  afterAll(async () => {
    await parley?.close();
    await proxy.cut();
    await dropSchema(schema);
  });

  it('turns not-ready, fails calls cleanly, and is ready again with nothing lost when it is back', async () => {
    const ready = async () => (await fetch(`${url}/readyz`)).status;
    expect(await ready()).toBe(200);
    const before = await control.createUser({ phone_number: '+15557770001', first_name: 'Before' });

    await proxy.cut();
    expect(await waitFor(async () => ((await ready()) === 503 ? 503 : false), { what: 'not ready' })).toBe(
      503,
    );
    // A call answers with an error (not a hang) while the database is away.
    await expect(
      control.createUser({ phone_number: '+15557770002', first_name: 'During' }),
    ).rejects.toThrow();

    await proxy.open();
    await waitFor(async () => (await ready()) === 200, { what: 'ready again', timeoutMs: 15_000 });
    expect((await control.getUser(before.phone_number)).first_name).toBe('Before');
    const after = await control.createUser({ phone_number: '+15557770003', first_name: 'After' });
    expect(after.first_name).toBe('After');
  }, 60_000);
});
