import { managedUserId } from '../business-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

const MAX_ADDED_USERS = 10;

/**
 * setManagedBotAccessSettings: is_access_restricted, with up to 10 added_user_ids (ignored when not
 * restricted; the owner always has access).
 */
export async function setManagedBotAccessSettings(ctx: MethodContext): Promise<true> {
  const { params } = ctx;
  const botId = managedUserId(ctx);
  const restricted = params.bool('is_access_restricted');
  const value = params.parsedJson('added_user_ids', 'Array of Integer') ?? [];
  if (!Array.isArray(value)) throw botApiError('ARRAY_EXPECTED', { of: 'Integer' });
  if (value.length > MAX_ADDED_USERS) throw botApiError('TOO_MANY_ADDED_USERS');
  const ids = value.map((id: unknown) => {
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) throw botApiError('USER_ID_INVALID');
    return id;
  });
  const done = await ctx.platform.managedBots.setAccessSettings(ctx.botId, botId, restricted, ids);
  if (!done) throw botApiError('USER_ID_INVALID');
  return true;
}
