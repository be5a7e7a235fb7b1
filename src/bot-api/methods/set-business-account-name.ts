import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';

/**
 * setBusinessAccountName: can_edit_name; first_name 1-64 characters, last_name 0-64. The runner has
 * refused a missing, blank or longer first_name and a longer last_name, with their texts, measured
 * trimmed as here (ADR 0084).
 */
export const setBusinessAccountName = defineMethod('setBusinessAccountName', async (ctx) => {
  const connectionId = connectionIdOf(ctx);
  const first = ctx.values.first_name.trim();
  const last = ctx.values.last_name?.trim() || null;
  await ctx.platform.businessAccount.setName(ctx.botId, connectionId, first, last);
  return true;
});
