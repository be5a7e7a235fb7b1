/**
 * Server configuration: loaded once at start-up from flags and environment, then passed down.
 * Flags win over environment variables, which win over defaults.
 */
import path from 'node:path';
import { ConfigError, type Profile } from './config-error.js';
import { loadFloodConfig, type FloodControlConfig, type FloodFlags } from './flood-config.js';
import { publicUrlSetting } from './public-url-setting.js';
import { withPgWriters } from './pg-writers-setting.js';

export { ConfigError, type Profile };

export type StorageConfig =
  | {
      kind: 'sqlite';
      file: string;
      dataDir: string;
      /**
       * false: SQLite checkpoints the WAL itself, on the store's connection, instead of a worker
       * thread of the store's own (ADR 0006); a workspace's store (ADR 0094). Default true.
       */
      checkpointWorker?: boolean;
    }
  // Uploads in `filesDir` (a workspace's: made on first use, removed at close), else a temporary folder.
  | { kind: 'sqlite-memory'; filesDir?: string }
  | {
      kind: 'postgres';
      /** The connection string without Parley's own `schema` parameter. */
      url: string;
      /** The schema of the tables (`?schema=` of the data location), the server's default if absent. */
      schema: string | undefined;
      /** Uploaded files: a folder every node of the database shares (PARLEY_FILES). */
      filesDir: string;
      /** Connections of the pool (default 10; a workspace's store has fewer, ADR 0061). */
      poolSize?: number;
      /** Write connections at most (PARLEY_PG_WRITERS; default 1; ADR 0106). */
      writers?: number;
    };

export interface Config {
  host: string;
  port: number;
  /** The data location as given (`./data`, `:memory:`, ...). */
  data: string;
  storage: StorageConfig;
  profile: Profile;
  /** The admin token if given; otherwise one is generated and written under the data location. */
  adminToken: string | undefined;
  logLevel: LogLevel;
  /** One log line per request at info (http/request-log.ts); undefined: on. */
  logRequests?: boolean | undefined;
  /** Where the gateway is served (`{base_url}` of spec §4); undefined: DEFAULT_GATEWAY_PATH. */
  gatewayPath?: string | undefined;
  /** Gateway errors answer HTTP 200 (with ok:false) instead of their catalogue status. */
  gatewayAlways200?: boolean | undefined;
  /** Flood control of bots' sends as given; undefined: the profile's default (config/flood-config.ts). */
  floodControl?: FloodControlConfig | undefined;
  /** Connections one client address may hold at once, 0 for no cap; undefined: the default. */
  maxConnectionsPerClient?: number | undefined;
  /** Time for a whole request (headers and body) to arrive, 0 for none; undefined: the default. */
  requestTimeoutMs?: number | undefined;
  /** Time for a request's headers (and a new connection's first byte); undefined: the default. */
  headersTimeoutMs?: number | undefined;
  /** How long an idle keep-alive connection is kept; undefined: the default. */
  keepAliveTimeoutMs?: number | undefined;
  /**
   * How long a node's claim on a background job holds without renewal (PARLEY_JOB_LEASE_MS, ms);
   * a node that dies leaves its jobs to the others after this. Undefined: 120 s (ADR 0023).
   */
  jobLeaseMs?: number | undefined;
  /**
   * A second listener, on `host`, that serves only `GET /metrics` and without the admin token
   * (PARLEY_METRICS_PORT, ADR 0060); undefined: none (`/metrics` is on the main port, behind the token).
   */
  metricsPort?: number | undefined;
  /**
   * Whether `GET /web/api/inspector/token` hands the admin token to a loopback page in the local
   * profile (PARLEY_INSPECTOR_TOKEN); undefined: on. Off, the route is not served (404) and the
   * inspector asks for the token.
   */
  inspectorToken?: boolean | undefined;
  /** Workspaces the server may hold, 0 for no cap (PARLEY_MAX_WORKSPACES, ADR 0064); undefined: the default. */
  maxWorkspaces?: number | undefined;
  /**
   * How long an open workspace may sit idle before its storage and workers are closed, 0 for never
   * (PARLEY_WORKSPACE_IDLE_TIMEOUT, ms, given in seconds, ADR 0064); undefined: the default.
   */
  workspaceIdleMs?: number | undefined;
  /**
   * Where people open invite links: `<publicUrl>/+hash` (PARLEY_PUBLIC_URL, without a trailing `/`,
   * ADR 0074); undefined: the reference's `https://t.me`.
   */
  publicUrl?: string | undefined;
  /** Timeline events kept per workspace (PARLEY_TIMELINE_MAX, ADR 0099); undefined: the default. */
  timelineMax?: number | undefined;
}

export interface StartFlags extends FloodFlags {
  host?: string | undefined;
  port?: string | undefined;
  data?: string | undefined;
  profile?: string | undefined;
  adminToken?: string | undefined;
  logLevel?: string | undefined;
  /** `on` or `off`. */
  logRequests?: string | undefined;
  gatewayPath?: string | undefined;
  gatewayAlways200?: boolean | string | undefined;
  maxConnectionsPerClient?: string | undefined;
  /** Seconds. */
  requestTimeout?: string | undefined;
  metricsPort?: string | undefined;
  /** `on` or `off`. */
  inspectorToken?: string | undefined;
  maxWorkspaces?: string | undefined;
  /** Seconds. */
  workspaceIdleTimeout?: string | undefined;
  publicUrl?: string | undefined;
  timelineMax?: string | undefined;
}

/** pino's levels, from the fewest lines to the most, and `silent`, which logs nothing. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** pino throws at start-up on a level it does not know; this says which ones it knows. */
function logLevel(text: string | undefined): LogLevel {
  if (text === undefined || text === '') return 'info';
  const level = LOG_LEVELS.find((l) => l === text.trim().toLowerCase());
  if (level === undefined) {
    throw new ConfigError(`invalid log level "${text}": expected one of ${LOG_LEVELS.join(', ')}`);
  }
  return level;
}

/**
 * The per-request log lines, present only when given. They cost 5-10% of sendMessage's throughput
 * (pino's formatting and one write to stdout per line, http/request-log.ts); `off` gives that back
 * where nobody reads them.
 */
function logRequestsSetting(flags: StartFlags, env: NodeJS.ProcessEnv): Partial<Config> {
  const text = flags.logRequests ?? env.PARLEY_LOG_REQUESTS;
  if (text === undefined || text === '') return {};
  const value = text.trim().toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(value)) return { logRequests: true };
  if (['off', 'false', '0', 'no'].includes(value)) return { logRequests: false };
  const source = flags.logRequests !== undefined ? '--log-requests' : 'PARLEY_LOG_REQUESTS';
  throw new ConfigError(`invalid ${source} "${text}": expected "on" or "off"`);
}

export const DEFAULT_PORT = 8081;

export function loadConfig(flags: StartFlags, env: NodeJS.ProcessEnv = process.env): Config {
  const host = flags.host ?? env.PARLEY_HOST ?? '127.0.0.1';
  const portText = flags.port ?? env.PARLEY_PORT ?? String(DEFAULT_PORT);
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65535) {
    throw new ConfigError(`invalid port "${portText}": expected an integer from 0 to 65535`);
  }
  const data = flags.data ?? env.PARLEY_DATA ?? './data';
  const profileText = flags.profile ?? env.PARLEY_PROFILE ?? 'local';
  if (profileText !== 'local' && profileText !== 'strict') {
    throw new ConfigError(`invalid profile "${profileText}": expected "local" or "strict"`);
  }
  const adminToken = flags.adminToken ?? env.PARLEY_ADMIN_TOKEN ?? undefined;
  if (adminToken !== undefined && adminToken.length < 16) {
    throw new ConfigError('the admin token must be at least 16 characters long');
  }
  return {
    host,
    port,
    data,
    storage: withPgWriters(storageFor(data, env.PARLEY_FILES), env),
    profile: profileText,
    adminToken: adminToken === '' ? undefined : adminToken,
    logLevel: logLevel(flags.logLevel ?? env.PARLEY_LOG_LEVEL),
    ...logRequestsSetting(flags, env),
    ...gatewaySettings(flags, env),
    floodControl: loadFloodConfig(flags, env, profileText),
    ...connectionSettings(flags, env),
    ...jobLeaseSetting(env),
    ...metricsPortSetting(flags, env),
    ...inspectorTokenSetting(flags, env),
    ...workspaceSettings(flags, env),
    ...publicUrlSetting(flags.publicUrl ?? env.PARLEY_PUBLIC_URL),
  };
}

export {
  DEFAULT_MAX_MEMORY_WORKSPACES,
  DEFAULT_MAX_WORKSPACES,
  DEFAULT_WORKSPACE_IDLE_MS,
  defaultMaxWorkspaces,
} from './workspace-defaults.js';

/** The workspace limits (ADR 0064) and the timeline's (ADR 0099), present only when given. */
function workspaceSettings(flags: StartFlags, env: NodeJS.ProcessEnv): Partial<Config> {
  const settings: Partial<Config> = {};
  const max = flags.maxWorkspaces ?? env.PARLEY_MAX_WORKSPACES;
  if (max !== undefined && max !== '') settings.maxWorkspaces = wholeNumber(max, 'max workspaces');
  const timeline = flags.timelineMax ?? env.PARLEY_TIMELINE_MAX;
  if (timeline !== undefined && timeline !== '') settings.timelineMax = wholeNumber(timeline, 'timeline max');
  const idle = flags.workspaceIdleTimeout ?? env.PARLEY_WORKSPACE_IDLE_TIMEOUT;
  if (idle !== undefined && idle !== '') {
    settings.workspaceIdleMs = wholeNumber(idle, 'workspace idle timeout') * 1000;
  }
  return settings;
}

/** The metrics listener's port, present only when given (ADR 0060). */
function metricsPortSetting(flags: StartFlags, env: NodeJS.ProcessEnv): Partial<Config> {
  const text = flags.metricsPort ?? env.PARLEY_METRICS_PORT;
  if (text === undefined || text === '') return {};
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) {
    throw new ConfigError(`invalid metrics port "${text}": expected an integer from 0 to 65535`);
  }
  return { metricsPort: port };
}

/**
 * Limits on clients' connections (docs/adr/0017-connection-limits.md): a slow or greedy client must
 * not hold the server's sockets. Requests are timed until their body has arrived; answers are not
 * (a long poll waits up to 50 s for its answer, and that is the server's time, not the client's).
 */
export interface ConnectionLimits {
  /** 0: no cap. */
  maxConnectionsPerClient: number;
  /** 0: none. */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
}

/**
 * The `strict` profile's cap (`local` has none). 256: benchmarks open 50 connections from loopback and webhook fan-out 40, test suites many in turn;
 * 500 slow clients behind one address could hold the server's sockets.
 */
export const DEFAULT_MAX_CONNECTIONS_PER_CLIENT = 256;
/** 30 s: a 50 MB upload (the Bot API's limit) still arrives at 1.7 MB/s. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
/**
 * 75 s, not the reference's 500 s: clients reuse a connection at once or within seconds (and Node's
 * and undici's agents read the `Keep-Alive: timeout` hint), so a longer wait only holds sockets.
 */
export const DEFAULT_KEEP_ALIVE_TIMEOUT_MS = 75_000;

/** The limits of `config`, with the defaults for what it does not give. */
export function connectionLimits(config: Config): ConnectionLimits {
  const requestTimeoutMs = config.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const headers = config.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  return {
    // `local` is one developer on loopback, whose tests may open hundreds of connections at once.
    maxConnectionsPerClient:
      config.maxConnectionsPerClient ??
      (config.profile === 'strict' ? DEFAULT_MAX_CONNECTIONS_PER_CLIENT : 0),
    requestTimeoutMs,
    // Node requires the headers' time to be within the request's.
    headersTimeoutMs: requestTimeoutMs === 0 ? headers : Math.min(headers, requestTimeoutMs),
    keepAliveTimeoutMs: config.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_TIMEOUT_MS,
  };
}

/** The connection options, present only when given (so configs without them stay as they were). */
function connectionSettings(flags: StartFlags, env: NodeJS.ProcessEnv): Partial<Config> {
  const settings: Partial<Config> = {};
  const max = flags.maxConnectionsPerClient ?? env.PARLEY_MAX_CONNECTIONS_PER_CLIENT;
  if (max !== undefined && max !== '') {
    settings.maxConnectionsPerClient = wholeNumber(max, 'max connections per client');
  }
  const timeout = flags.requestTimeout ?? env.PARLEY_REQUEST_TIMEOUT;
  if (timeout !== undefined && timeout !== '') {
    settings.requestTimeoutMs = wholeNumber(timeout, 'request timeout') * 1000;
  }
  return settings;
}

function wholeNumber(text: string, what: string): number {
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value)) {
    throw new ConfigError(`invalid ${what} "${text}": expected a whole number, 0 for none`);
  }
  return value;
}

export const DEFAULT_GATEWAY_PATH = '/gateway';

/** The gateway's options, present only when given (so configs without them stay as they were). */
function gatewaySettings(flags: StartFlags, env: NodeJS.ProcessEnv): Partial<Config> {
  const settings: Partial<Config> = {};
  const path = flags.gatewayPath ?? env.PARLEY_GATEWAY_PATH;
  if (path !== undefined && path !== '') settings.gatewayPath = gatewayPath(path);
  const always200 = flags.gatewayAlways200 ?? env.PARLEY_GATEWAY_ALWAYS_200;
  if (always200 !== undefined && booleanSetting(always200, 'PARLEY_GATEWAY_ALWAYS_200')) {
    settings.gatewayAlways200 = true;
  }
  return settings;
}

/** A path prefix of letters, digits, `-`, `_`, `.` and `/`, without a trailing slash. */
function gatewayPath(text: string): string {
  const trimmed = `/${text.replace(/^\/+|\/+$/g, '')}`;
  if (trimmed === '/' || !/^(\/[A-Za-z0-9._-]+)+$/.test(trimmed)) {
    throw new ConfigError(`invalid gateway path "${text}": expected a path such as /gateway`);
  }
  return trimmed;
}

function booleanSetting(value: boolean | string, name: string): boolean {
  if (typeof value === 'boolean') return value;
  const text = value.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(text)) return true;
  if (['', '0', 'false', 'no', 'off'].includes(text)) return false;
  throw new ConfigError(`invalid ${name} "${value}": expected true or false`);
}

/**
 * The data location picks the storage driver: a path means SQLite, `:memory:` a throwaway SQLite,
 * `postgres://user@host/db` PostgreSQL (several nodes may share it; `?schema=name` puts the tables in
 * a schema of their own). With PostgreSQL, uploads go to `filesDir` (PARLEY_FILES, default
 * ./data/files), which the nodes must share.
 */
export function storageFor(data: string, filesDir?: string): StorageConfig {
  if (data === ':memory:') return { kind: 'sqlite-memory' };
  if (/^postgres(ql)?:\/\//i.test(data)) return postgresStorage(data, filesDir);
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(data);
  if (scheme) {
    throw new ConfigError(
      `unknown data location scheme "${scheme[1]}://": use a directory path, :memory:, or postgres://user@host/db for PostgreSQL`,
    );
  }
  // `postgres//host/db` is a legal folder path, but one nobody means: starting on SQLite in a folder
  // named postgres would hide the typo until the data is missing from the database. The value is
  // not shown, since it may hold a password.
  if (/^postgres(ql)?(\/\/|:)/i.test(data)) {
    throw new ConfigError(
      'the data location looks like a PostgreSQL URL without its "://": write postgres://user@host/db',
    );
  }
  const dataDir = path.resolve(data);
  return { kind: 'sqlite', dataDir, file: path.join(dataDir, 'parley.sqlite') };
}

function postgresStorage(data: string, filesDir: string | undefined): StorageConfig {
  let url: URL;
  try {
    url = new URL(data);
  } catch {
    throw new ConfigError(
      `invalid PostgreSQL data location "${redactPassword(data)}": expected postgres://user@host/db`,
    );
  }
  const schema = url.searchParams.get('schema') ?? undefined;
  if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
    throw new ConfigError(
      `invalid schema "${schema}": lower-case letters, digits and _, not starting with a digit`,
    );
  }
  url.searchParams.delete('schema');
  return {
    kind: 'postgres',
    url: url.toString(),
    schema,
    filesDir: path.resolve(filesDir || './data/files'),
  };
}

/** A data location as it may be shown: without the password of a connection string. */
export function redactPassword(data: string): string {
  return data.replace(/^(postgres(?:ql)?:\/\/[^:/@]*:)[^@]*@/i, '$1***@');
}

function jobLeaseSetting(env: NodeJS.ProcessEnv): Partial<Config> {
  const text = env.PARLEY_JOB_LEASE_MS;
  if (text === undefined || text === '') return {};
  const value = Number(text);
  if (!/^\d+$/.test(text.trim()) || value < 1000 || value > 3_600_000) {
    throw new ConfigError(
      `invalid PARLEY_JOB_LEASE_MS "${text}": expected milliseconds from 1000 to 3600000`,
    );
  }
  return { jobLeaseMs: value };
}

/**
 * Whether the local profile hands the admin token to a loopback page, present only when given. Any
 * local process can ask for it as a page would, which defeats the admin-token file's 0600 on a
 * machine shared with other users: `off` is for those machines.
 */
function inspectorTokenSetting(flags: StartFlags, env: NodeJS.ProcessEnv): Partial<Config> {
  const text = flags.inspectorToken ?? env.PARLEY_INSPECTOR_TOKEN;
  if (text === undefined || text === '') return {};
  const value = text.trim().toLowerCase();
  if (['on', 'true', '1', 'yes'].includes(value)) return { inspectorToken: true };
  if (['off', 'false', '0', 'no'].includes(value)) return { inspectorToken: false };
  const source = flags.inspectorToken !== undefined ? '--inspector-token' : 'PARLEY_INSPECTOR_TOKEN';
  throw new ConfigError(`invalid ${source} "${text}": expected "on" or "off"`);
}
