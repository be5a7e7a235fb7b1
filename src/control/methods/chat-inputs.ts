/**
 * Inputs that the chat endpoints of the control API share: who acts in which chat, and objects of
 * booleans (administrator rights, chat permissions).
 */
import { ControlError, requireString } from '../control-context.js';
import type { Acting } from '../../platform/group-context.js';

/** `by` (USER_REF) acting in `chat` (a chat id or @username). */
export function actingPerson(input: Record<string, unknown>, by = 'by'): Acting {
  return { person: requireString(input, by), chat: requireString(input, 'chat') };
}

/** An object whose values are booleans, with only the known keys; undefined when absent. */
export function booleanObject<K extends string>(
  input: Record<string, unknown>,
  name: string,
  keys: readonly K[],
): Partial<Record<K, boolean>> | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new ControlError(400, 'BAD_REQUEST', `${name} must be an object of booleans`);
  }
  const result: Partial<Record<K, boolean>> = {};
  for (const [key, field] of Object.entries(value as Record<string, unknown>)) {
    if (!(keys as readonly string[]).includes(key)) {
      throw new ControlError(400, 'BAD_REQUEST', `${name}.${key} is not one of ${keys.join(', ')}`);
    }
    if (typeof field !== 'boolean')
      throw new ControlError(400, 'BAD_REQUEST', `${name}.${key} must be true or false`);
    result[key as K] = field;
  }
  return result;
}
