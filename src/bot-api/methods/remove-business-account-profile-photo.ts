import { connectionIdOf } from '../business-params.js';
import type { MethodContext } from '../method-context.js';

/** removeBusinessAccountProfilePhoto: can_edit_profile_photo; the main photo (or the public one). */
export async function removeBusinessAccountProfilePhoto(ctx: MethodContext): Promise<true> {
  const connectionId = connectionIdOf(ctx);
  await ctx.platform.businessAccount.removePhoto(ctx.botId, connectionId, ctx.params.bool('is_public'));
  return true;
}
