/**
 * Starts a real Parley server in this process on a loopback port (real HTTP, real SQLite), with
 * the control client of the test kit.
 */
import { Writable } from 'node:stream';
import { loadConfig, type StartFlags } from '../../src/config/config.js';
import { createParley, type CreateOptions, type Parley } from '../../src/server/app.js';
import { ControlClient } from '../../src/testkit/index.js';

export interface TestServer {
  url: string;
  parley: Parley;
  control: ControlClient;
  /** Log lines the server wrote (JSON). */
  logs: string[];
  close(): Promise<void>;
}

export const ADMIN_TOKEN = 'test-admin-token-0123456789';

/**
 * `options.lookup`: the server's resolver of outbound host names (to simulate DNS);
 * `options.fastLanes: false`: Fastify answers every request (to compare it with the fast lanes);
 * `options.random`: the server's randomness (a seeded one gives the same ids every run).
 */
export async function startServer(
  flags: StartFlags = {},
  options: Pick<CreateOptions, 'lookup' | 'fastLanes' | 'random'> = {},
): Promise<TestServer> {
  const config = loadConfig({ data: ':memory:', port: '0', logLevel: 'info', ...flags }, {});
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      logs.push(String(chunk));
      callback();
    },
  });
  const parley = await createParley({
    config,
    adminToken: ADMIN_TOKEN,
    logStream,
    lookup: options.lookup,
    fastLanes: options.fastLanes,
    ...(options.random ? { random: options.random } : {}),
  });
  const url = await parley.app.listen({ host: '127.0.0.1', port: 0 });
  parley.startWorkers();
  return {
    url,
    parley,
    control: new ControlClient({ url, adminToken: ADMIN_TOKEN }),
    logs,
    close: () => parley.close(),
  };
}

let counter = 0;
/** A fresh phone number per call, so tests in one server do not collide. */
export function phone(): string {
  counter += 1;
  return `+1555${String(process.pid % 1000).padStart(3, '0')}${String(counter).padStart(4, '0')}`;
}

/** Creates a user and a bot; returns them with the bot's token. */
export async function userAndBot(server: TestServer, name = 'test') {
  const user = await server.control.createUser({ phone_number: phone(), first_name: 'Alice' });
  const bot = await server.control.createBot({ username: `${name}${counter}_bot` });
  return { user, bot, token: bot.token };
}

/** Calls a Bot API method with a JSON body and returns the parsed envelope and the status. */
export async function callBotApi(
  server: TestServer,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<{
  status: number;
  body: {
    ok: boolean;
    result?: unknown;
    description?: string;
    error_code?: number;
    parameters?: Record<string, number>;
  };
  headers: Headers;
}> {
  const response = await fetch(`${server.url}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  return { status: response.status, body: (await response.json()) as never, headers: response.headers };
}
