import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('the metrics port (ADR 0060)', () => {
  it('is absent unless given, so that /metrics stays behind the admin token', () => {
    expect(loadConfig({}, {})).not.toHaveProperty('metricsPort');
    expect(loadConfig({}, { PARLEY_METRICS_PORT: '' })).not.toHaveProperty('metricsPort');
  });

  it('comes from the flag over the environment', () => {
    expect(loadConfig({}, { PARLEY_METRICS_PORT: '9100' }).metricsPort).toBe(9100);
    expect(loadConfig({ metricsPort: '9200' }, { PARLEY_METRICS_PORT: '9100' }).metricsPort).toBe(9200);
    expect(loadConfig({ metricsPort: '0' }, {}).metricsPort).toBe(0);
  });

  it('refuses what is not a port', () => {
    for (const text of ['-1', '65536', 'abc', '91.5'])
      expect(() => loadConfig({ metricsPort: text }, {})).toThrow(
        new ConfigError(`invalid metrics port "${text}": expected an integer from 0 to 65535`),
      );
  });
});
