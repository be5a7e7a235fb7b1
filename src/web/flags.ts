import { WebError } from './web-context.js';

/**
 * An object of boolean flags among `names` (ChatAdministratorRights, ChatPermissions); undefined
 * when absent. Unknown names and values other than booleans are refused, so a typo is not silently
 * a right left out.
 */
export function flagsOf(
  input: Readonly<Record<string, unknown>>,
  name: string,
  names: readonly string[],
): Partial<Record<string, boolean>> | undefined {
  const value = input[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new WebError(400, 'BAD_REQUEST', `${name} must be an object of booleans`);
  }
  const known = new Set(names);
  const flags: Partial<Record<string, boolean>> = {};
  for (const [key, flag] of Object.entries(value as Record<string, unknown>)) {
    if (!known.has(key)) throw new WebError(400, 'BAD_REQUEST', `${name} has no "${key}"`);
    if (typeof flag !== 'boolean') throw new WebError(400, 'BAD_REQUEST', `${name}.${key} must be a boolean`);
    flags[key] = flag;
  }
  return flags;
}
