import { managedUserId } from '../business-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/**
 * setManagedBotAccessSettings: is_access_restricted, with up to 10 added_user_ids (ignored when not
 * restricted; the owner always has access). The runner has refused more than 10 (ADR 0084).
 */
export const setManagedBotAccessSettings = defineMethod('setManagedBotAccessSettings', async (ctx) => {
  const botId = managedUserId(ctx);
  const { is_access_restricted: restricted } = ctx.values;
  // added_user_ids is JSON: its own reader.
  const value = ctx.params.parsedJson('added_user_ids', 'Array of Integer') ?? [];
  if (!Array.isArray(value)) throw botApiError('ARRAY_EXPECTED', { of: 'Integer' });
  const ids = value.map((id: unknown) => {
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) throw botApiError('USER_ID_INVALID');
    return id;
  });
  const done = await ctx.platform.managedBots.setAccessSettings(ctx.botId, botId, restricted, ids);
  if (!done) throw botApiError('USER_ID_INVALID');
  return true;
});
