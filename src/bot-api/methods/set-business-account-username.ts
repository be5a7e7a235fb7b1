import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/** A person's username: 5-32 letters, digits and underscores, starting with a letter. */
const USERNAME = /^[a-zA-Z][a-zA-Z0-9_]{3,30}[a-zA-Z0-9]$/;

/** setBusinessAccountUsername: can_edit_username; empty removes the username; a taken one is refused. */
export const setBusinessAccountUsername = defineMethod('setBusinessAccountUsername', async (ctx) => {
  const connectionId = connectionIdOf(ctx);
  const username = ctx.values.username?.replace(/^@/, '') || null;
  if (username !== null && (!USERNAME.test(username) || /bot$/i.test(username))) {
    throw botApiError('BUSINESS_USERNAME_INVALID');
  }
  await ctx.platform.businessAccount.setUsername(ctx.botId, connectionId, username);
  return true;
});
