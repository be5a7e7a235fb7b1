/**
 * Server configuration: loaded once at start-up from flags and environment, then passed down.
 * Flags win over environment variables, which win over defaults.
 */
import path from 'node:path';
import { loadFloodConfig, type FloodControlConfig, type FloodFlags } from './flood-config.js';

export type Profile = 'local' | 'strict';

export type StorageConfig = { kind: 'sqlite'; file: string; dataDir: string } | { kind: 'sqlite-memory' };

export interface Config {
  host: string;
  port: number;
  /** The data location as given (`./data`, `:memory:`, ...). */
  data: string;
  storage: StorageConfig;
  profile: Profile;
  /** The admin token if given; otherwise one is generated and written under the data location. */
  adminToken: string | undefined;
  logLevel: string;
  /** Where the gateway is served (`{base_url}` of spec §4); undefined: DEFAULT_GATEWAY_PATH. */
  gatewayPath?: string | undefined;
  /** Gateway errors answer HTTP 200 (with ok:false) instead of their catalogue status. */
  gatewayAlways200?: boolean | undefined;
  /** Flood control of bots' sends as given; undefined: the profile's default (config/flood-config.ts). */
  floodControl?: FloodControlConfig | undefined;
}

export interface StartFlags extends FloodFlags {
  host?: string | undefined;
  port?: string | undefined;
  data?: string | undefined;
  profile?: string | undefined;
  adminToken?: string | undefined;
  logLevel?: string | undefined;
  gatewayPath?: string | undefined;
  gatewayAlways200?: boolean | string | undefined;
}

export class ConfigError extends Error {}

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
    storage: storageFor(data),
    profile: profileText,
    adminToken: adminToken === '' ? undefined : adminToken,
    logLevel: flags.logLevel ?? env.PARLEY_LOG_LEVEL ?? 'info',
    ...gatewaySettings(flags, env),
    floodControl: loadFloodConfig(flags, env, profileText),
  };
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

/** The data location picks the storage driver: a path means SQLite, `:memory:` a throwaway SQLite. */
export function storageFor(data: string): StorageConfig {
  if (data === ':memory:') return { kind: 'sqlite-memory' };
  if (/^postgres(ql)?:\/\//i.test(data)) {
    throw new ConfigError(
      'PostgreSQL storage (postgres://...) is not supported yet; use a directory path or :memory:',
    );
  }
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(data);
  if (scheme) {
    throw new ConfigError(`unknown data location scheme "${scheme[1]}://": use a directory path or :memory:`);
  }
  const dataDir = path.resolve(data);
  return { kind: 'sqlite', dataDir, file: path.join(dataDir, 'parley.sqlite') };
}
