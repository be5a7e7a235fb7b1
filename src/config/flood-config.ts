/**
 * Flood control settings (docs/adr/0032-flood-control.md): on by default in the `strict` profile,
 * off by default in `local`, where tests send bursts on purpose. The limits default to the
 * reference's documented ones (reference §8) and can be changed for either profile.
 */
import { ConfigError, type Profile } from './config-error.js';

export interface FloodControlConfig {
  enabled: boolean;
  /** Sustained messages per second into one chat. */
  chatPerSecond: number;
  /** Messages one chat takes at once before the per-second rate applies (the "short burst"). */
  chatBurst: number;
  /** Messages per minute into one group, supergroup or channel. */
  groupPerMinute: number;
  /** Messages per second across all chats of one bot. */
  globalPerSecond: number;
}

export interface FloodFlags {
  /** `on` or `off`. */
  floodControl?: string | undefined;
  floodChatPerSecond?: string | undefined;
  floodChatBurst?: string | undefined;
  floodGroupPerMinute?: string | undefined;
  floodGlobalPerSecond?: string | undefined;
}

/** The reference's documented limits (reference §8: ~1/s per chat, 20/min per group, ~30/s). */
export const REFERENCE_FLOOD_LIMITS: Omit<FloodControlConfig, 'enabled'> = {
  chatPerSecond: 1,
  chatBurst: 5,
  groupPerMinute: 20,
  globalPerSecond: 30,
};

/** The settings when none is given: the reference's limits, on only in the strict profile. */
export function defaultFloodConfig(profile: Profile): FloodControlConfig {
  return { enabled: profile === 'strict', ...REFERENCE_FLOOD_LIMITS };
}

const FLAGS = [
  'floodControl',
  'floodChatPerSecond',
  'floodChatBurst',
  'floodGroupPerMinute',
  'floodGlobalPerSecond',
];
const VARIABLES = ['CONTROL', 'CHAT_PER_SECOND', 'CHAT_BURST', 'GROUP_PER_MINUTE', 'GLOBAL_PER_SECOND'];

/**
 * The settings given by flags or the environment, or undefined when none is given: then
 * defaultFloodConfig of the profile applies and the loaded Config holds nothing for it.
 */
export function loadFloodConfig(
  flags: FloodFlags,
  env: NodeJS.ProcessEnv,
  profile: Profile,
): FloodControlConfig | undefined {
  const given = [
    ...FLAGS.map((name) => flags[name as keyof FloodFlags]),
    ...VARIABLES.map((name) => env[`PARLEY_FLOOD_${name}`]),
  ];
  if (given.every((value) => value === undefined || value === '')) return undefined;
  const onOff = flags.floodControl ?? env.PARLEY_FLOOD_CONTROL;
  let enabled = profile === 'strict';
  if (onOff !== undefined && onOff !== '') {
    const text = onOff.trim().toLowerCase();
    if (['on', 'true', '1', 'yes'].includes(text)) enabled = true;
    else if (['off', 'false', '0', 'no'].includes(text)) enabled = false;
    else {
      const source = flags.floodControl !== undefined ? '--flood-control' : 'PARLEY_FLOOD_CONTROL';
      throw new ConfigError(`invalid ${source} "${onOff}": expected "on" or "off"`);
    }
  }
  /** A positive number from the flag `--flood-<name>` or the variable PARLEY_FLOOD_<NAME>. */
  const limit = (flag: string | undefined, name: string, fallback: number, min: number): number => {
    const variable = `PARLEY_FLOOD_${name.toUpperCase().replace(/-/g, '_')}`;
    const text = flag ?? env[variable];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!/^\d+(\.\d+)?$/.test(text.trim()) || !(value >= min)) {
      const source = flag !== undefined ? `--flood-${name}` : variable;
      throw new ConfigError(`invalid ${source} "${text}": expected a number of at least ${min}`);
    }
    return value;
  };
  const d = REFERENCE_FLOOD_LIMITS;
  return {
    enabled,
    chatPerSecond: limit(flags.floodChatPerSecond, 'chat-per-second', d.chatPerSecond, 0.001),
    chatBurst: limit(flags.floodChatBurst, 'chat-burst', d.chatBurst, 1),
    groupPerMinute: limit(flags.floodGroupPerMinute, 'group-per-minute', d.groupPerMinute, 1),
    globalPerSecond: limit(flags.floodGlobalPerSecond, 'global-per-second', d.globalPerSecond, 1),
  };
}
