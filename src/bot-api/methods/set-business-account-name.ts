import { connectionIdOf } from '../business-params.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

const NAME_MAX = 64;

/** setBusinessAccountName: can_edit_name; first_name 1-64 characters, last_name 0-64. */
export async function setBusinessAccountName(ctx: MethodContext): Promise<true> {
  const connectionId = connectionIdOf(ctx);
  const first = ctx.params.string('first_name')?.trim();
  const last = ctx.params.string('last_name')?.trim() || null;
  if (!first || [...first].length > NAME_MAX) throw botApiError('BUSINESS_FIRST_NAME_INVALID');
  if (last !== null && [...last].length > NAME_MAX) throw botApiError('BUSINESS_LAST_NAME_INVALID');
  await ctx.platform.businessAccount.setName(ctx.botId, connectionId, first, last);
  return true;
}
