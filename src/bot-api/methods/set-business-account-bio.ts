import { connectionIdOf } from '../business-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

const BIO_MAX = 140;

/** setBusinessAccountBio: can_edit_bio; 0-140 characters, empty removes the bio. */
export async function setBusinessAccountBio(ctx: MethodContext): Promise<true> {
  const connectionId = connectionIdOf(ctx);
  const bio = ctx.params.string('bio')?.trim() || null;
  if (bio !== null && [...bio].length > BIO_MAX) throw botApiError('BUSINESS_BIO_TOO_LONG');
  await ctx.platform.businessAccount.setBio(ctx.botId, connectionId, bio);
  return true;
}
