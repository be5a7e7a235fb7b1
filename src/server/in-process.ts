/**
 * A whole server in the calling process, for the test kit's `createParley()` (ADR 0057): an in-memory
 * store, a free loopback port, a fresh admin token, the background workers running. The test kit loads
 * this file lazily (`import()`), so that a client of a running server never loads the server.
 */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { connectionLimits, DEFAULT_GATEWAY_PATH, loadConfig, type Config } from '../config/config.js';
import { laneServerFactory } from '../http/http-lane.js';
import { openWorld } from './app.js';
import { inProcessFetch } from './in-process-fetch.js';

export interface InProcessOptions {
  /** pino's level of the server's log (default `silent`). */
  logLevel?: string | undefined;
  /** Where the log goes (default stderr). */
  logStream?: NodeJS.WritableStream | undefined;
  /** `local` (default) or `strict` (docs/configuration.md). */
  profile?: string | undefined;
  /** The admin token of the control API (default: 32 random hex characters). */
  adminToken?: string | undefined;
}

export interface InProcessServer {
  /** `http://127.0.0.1:PORT`: the Bot API root, and the base of `/control` and the gateway. */
  url: string;
  adminToken: string;
  /** The gateway's base URL (`{base_url}` of the gateway's spec). */
  gatewayUrl: string;
  /**
   * A `fetch` that answers this server's own URLs (its workspaces' included) in this process, without
   * a socket, as far as its fast lanes go; the rest over the loopback (in-process-fetch.ts).
   */
  fetch: typeof fetch;
  /** Stops the server: in-flight requests end, workers stop, the store closes. */
  close(): Promise<void>;
}

/**
 * The config of each log level and profile, made once per process (issue 28: a warm
 * `createParley()` made it again each time). It depends on nothing else (the environment is not
 * read), nothing changes a config once made, and only valid pairs are kept, so it holds a few.
 */
const CONFIGS = new Map<string, Config>();

function inProcessConfig(logLevel: string, profile: string | undefined): Config {
  const key = `${logLevel}\n${profile}`;
  let config = CONFIGS.get(key);
  if (config === undefined) {
    // The environment is not read: PARLEY_DATA or PARLEY_PORT of the shell must not change a test's server.
    config = loadConfig({ data: ':memory:', host: '127.0.0.1', port: '0', logLevel, profile }, {});
    // Shared by every server of the process: frozen, so that a change of one would throw.
    for (const value of Object.values(config))
      if (typeof value === 'object' && value !== null) Object.freeze(value);
    CONFIGS.set(key, Object.freeze(config));
  }
  return config;
}

export async function startInProcess(options: InProcessOptions = {}): Promise<InProcessServer> {
  const config = inProcessConfig(options.logLevel ?? 'silent', options.profile);
  // 32 hex characters (122 random bits): randomUUID draws from a pool of random bytes, where a
  // randomBytes call of its own was 15-20 µs of a warm start (issue 28).
  const adminToken = options.adminToken ?? randomUUID().replaceAll('-', '');
  // Its Fastify app is built on the first request that no fast lane takes (ADR 0094): a test that
  // only creates people and bots, sends, waits and polls never pays for its routes.
  const world = await openWorld({
    config,
    adminToken,
    logStream: options.logStream ?? process.stderr,
    lazyApp: true,
  });
  const limits = connectionLimits(config);
  const front = laneServerFactory({
    lanes: [],
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: limits.headersTimeoutMs,
    maxConnectionsPerClient: limits.maxConnectionsPerClient,
    stopping: world.stopping,
  })(world.handle);
  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      front.once('error', reject);
      front.listen(0, config.host, () => {
        front.off('error', reject);
        resolve(`http://${config.host}:${(front.address() as AddressInfo).port}`);
      });
    });
  } catch (error) {
    await world.close();
    throw error;
  }
  world.startWorkers();
  const gatewayPath = config.gatewayPath ?? DEFAULT_GATEWAY_PATH;
  return {
    url,
    adminToken,
    gatewayUrl: `${url}${gatewayPath}`,
    fetch: inProcessFetch({ origin: url, handle: world.handle, closing: () => world.stopping.aborted }),
    close: () => world.close(front),
  };
}
