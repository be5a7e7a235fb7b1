import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { defaultFloodConfig, REFERENCE_FLOOD_LIMITS } from './flood-config.js';

describe('flood control settings', () => {
  it('are on in the strict profile and off in local by default, with the reference limits', () => {
    // Nothing given: the loaded config holds nothing, and the profile's default applies.
    expect(loadConfig({ profile: 'strict' }, {}).floodControl).toBeUndefined();
    expect(defaultFloodConfig('strict')).toEqual({ enabled: true, ...REFERENCE_FLOOD_LIMITS });
    expect(defaultFloodConfig('local')).toEqual({ enabled: false, ...REFERENCE_FLOOD_LIMITS });
    expect(loadConfig({ profile: 'strict', floodChatBurst: '9' }, {}).floodControl).toEqual({
      enabled: true,
      ...REFERENCE_FLOOD_LIMITS,
      chatBurst: 9,
    });
  });

  it('take flags over environment variables', () => {
    const env = {
      PARLEY_FLOOD_CONTROL: 'on',
      PARLEY_FLOOD_CHAT_BURST: '7',
      PARLEY_FLOOD_CHAT_PER_SECOND: '0.5',
    };
    expect(loadConfig({}, env).floodControl).toMatchObject({
      enabled: true,
      chatBurst: 7,
      chatPerSecond: 0.5,
    });
    expect(loadConfig({ floodControl: 'off', floodChatBurst: '2' }, env).floodControl).toMatchObject({
      enabled: false,
      chatBurst: 2,
    });
  });

  it('refuse values that are not on/off or not positive numbers', () => {
    expect(() => loadConfig({ floodControl: 'maybe' }, {})).toThrow(ConfigError);
    expect(() => loadConfig({ floodChatBurst: '0' }, {})).toThrow('invalid --flood-chat-burst "0"');
    expect(() => loadConfig({}, { PARLEY_FLOOD_GROUP_PER_MINUTE: 'many' })).toThrow(
      'invalid PARLEY_FLOOD_GROUP_PER_MINUTE "many": expected a number of at least 1',
    );
  });
});
