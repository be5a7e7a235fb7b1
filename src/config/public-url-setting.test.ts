import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';
import { ConfigError } from './config-error.js';

describe('--public-url / PARLEY_PUBLIC_URL', () => {
  it('is absent by default, kept without its trailing slash, the flag over the environment', () => {
    expect(loadConfig({}, {}).publicUrl).toBeUndefined();
    expect(loadConfig({}, { PARLEY_PUBLIC_URL: 'https://chat.example.org/' }).publicUrl).toBe(
      'https://chat.example.org',
    );
    expect(
      loadConfig({ publicUrl: 'http://localhost:8081/app' }, { PARLEY_PUBLIC_URL: 'https://x.example' })
        .publicUrl,
    ).toBe('http://localhost:8081/app');
  });

  it.each([
    'chat.example.org',
    'ftp://chat.example.org',
    'https://x.example/?a=1',
    'https://x.example/#top',
    'https://x.example/+',
  ])('refuses %s', (text) => {
    expect(() => loadConfig({ publicUrl: text }, {})).toThrow(ConfigError);
  });
});
