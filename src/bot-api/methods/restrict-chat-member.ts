import { botInChat, readPermissions, readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/**
 * restrictChatMember: supergroups only, needs can_restrict_members; permissions as ChatPermissions
 * (use_independent_chat_permissions), until_date as for bans. All permissions given lifts the
 * restriction.
 */
export const restrictChatMember = defineMethod('restrictChatMember', async (ctx) => {
  const { until_date: untilDate = 0 } = ctx.values;
  const userId = readUserId(ctx);
  const permissions = readPermissions(ctx, true);
  const acting = await botInChat(ctx);
  await ctx.platform.groups.members.restrict(acting, userId, permissions, untilDate);
  return true;
});
