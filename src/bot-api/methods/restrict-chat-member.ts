import { botInChat, readPermissions, readUserId } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * restrictChatMember: supergroups only, needs can_restrict_members; permissions as ChatPermissions
 * (use_independent_chat_permissions), until_date as for bans. All permissions given lifts the
 * restriction.
 */
export async function restrictChatMember(ctx: MethodContext): Promise<true> {
  const userId = readUserId(ctx);
  const untilDate = ctx.params.int('until_date') ?? 0;
  const permissions = readPermissions(ctx, true);
  const acting = await botInChat(ctx);
  await ctx.platform.groups.members.restrict(acting, userId, permissions, untilDate);
  return true;
}
