import { botInChat, readPermissions } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/** setChatPermissions: the default permissions of a group or supergroup (can_restrict_members). */
export async function setChatPermissions(ctx: MethodContext): Promise<true> {
  const permissions = readPermissions(ctx, false);
  const acting = await botInChat(ctx);
  await ctx.platform.groups.setPermissions(acting, permissions);
  return true;
}
