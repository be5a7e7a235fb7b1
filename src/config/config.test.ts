import { describe, expect, it } from 'vitest';
import { ConfigError, connectionLimits, DEFAULT_MAX_CONNECTIONS_PER_CLIENT, loadConfig } from './config.js';

describe('connection limits', () => {
  it('default when not given, and leave the config without them', () => {
    const config = loadConfig({}, {});
    expect(config.maxConnectionsPerClient).toBe(undefined);
    expect(connectionLimits(config)).toEqual({
      // No cap in the local profile (one developer on loopback); strict: DEFAULT_MAX_CONNECTIONS_PER_CLIENT.
      maxConnectionsPerClient: 0,
      requestTimeoutMs: 30_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 75_000,
    });
  });

  it('cap connections per client in the strict profile by default', () => {
    expect(connectionLimits(loadConfig({ profile: 'strict' }, {})).maxConnectionsPerClient).toBe(
      DEFAULT_MAX_CONNECTIONS_PER_CLIENT,
    );
  });

  it('come from flags over the environment; 0 turns each off', () => {
    const env = { PARLEY_MAX_CONNECTIONS_PER_CLIENT: '9', PARLEY_REQUEST_TIMEOUT: '5' };
    expect(connectionLimits(loadConfig({}, env))).toMatchObject({
      maxConnectionsPerClient: 9,
      requestTimeoutMs: 5_000,
      // The headers' time stays within the request's.
      headersTimeoutMs: 5_000,
    });
    const flags = { maxConnectionsPerClient: '0', requestTimeout: '0' };
    expect(connectionLimits(loadConfig(flags, env))).toMatchObject({
      maxConnectionsPerClient: 0,
      requestTimeoutMs: 0,
      headersTimeoutMs: 10_000,
    });
  });

  it('refuse what is not a whole number', () => {
    expect(() => loadConfig({ maxConnectionsPerClient: '-1' }, {})).toThrow(ConfigError);
    expect(() => loadConfig({}, { PARLEY_REQUEST_TIMEOUT: '1.5' })).toThrow(
      'invalid request timeout "1.5": expected a whole number, 0 for none',
    );
  });
});

describe('the inspector token', () => {
  it('is handed out unless turned off, by flag over environment', () => {
    expect(loadConfig({}, {}).inspectorToken).toBe(undefined);
    expect(loadConfig({}, { PARLEY_INSPECTOR_TOKEN: 'off' }).inspectorToken).toBe(false);
    expect(loadConfig({ inspectorToken: 'on' }, { PARLEY_INSPECTOR_TOKEN: 'off' }).inspectorToken).toBe(true);
    expect(() => loadConfig({ inspectorToken: 'maybe' }, {})).toThrow(
      'invalid --inspector-token "maybe": expected "on" or "off"',
    );
  });
});
