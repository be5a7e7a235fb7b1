import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('the workspace limits (ADR 0064)', () => {
  it('are absent unless given, so that the defaults apply', () => {
    const config = loadConfig({}, {});
    expect(config).not.toHaveProperty('maxWorkspaces');
    expect(config).not.toHaveProperty('workspaceIdleMs');
  });

  it('come from the flag over the environment; the idle time is given in seconds', () => {
    const env = { PARLEY_MAX_WORKSPACES: '20', PARLEY_WORKSPACE_IDLE_TIMEOUT: '60' };
    expect(loadConfig({}, env)).toMatchObject({ maxWorkspaces: 20, workspaceIdleMs: 60_000 });
    expect(loadConfig({ maxWorkspaces: '5', workspaceIdleTimeout: '0' }, env)).toMatchObject({
      maxWorkspaces: 5,
      workspaceIdleMs: 0,
    });
  });

  it('refuse what is not a whole number', () => {
    expect(() => loadConfig({ maxWorkspaces: '-1' }, {})).toThrow(
      new ConfigError('invalid max workspaces "-1": expected a whole number, 0 for none'),
    );
    expect(() => loadConfig({}, { PARLEY_WORKSPACE_IDLE_TIMEOUT: '1.5' })).toThrow(
      new ConfigError('invalid workspace idle timeout "1.5": expected a whole number, 0 for none'),
    );
  });
});
