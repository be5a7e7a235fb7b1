import { connectionIdOf } from '../business-params.js';
import { defineMethod } from '../define-method.js';

/**
 * setBusinessAccountBio: can_edit_bio; 0-140 characters, empty removes the bio. The runner has
 * refused a longer one (BUSINESS_BIO_TOO_LONG, measured trimmed as here; ADR 0084).
 */
export const setBusinessAccountBio = defineMethod('setBusinessAccountBio', async (ctx) => {
  const connectionId = connectionIdOf(ctx);
  const bio = ctx.values.bio?.trim() || null;
  await ctx.platform.businessAccount.setBio(ctx.botId, connectionId, bio);
  return true;
});
