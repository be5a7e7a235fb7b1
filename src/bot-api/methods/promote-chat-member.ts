import { botInChat, readRights, readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/**
 * promoteChatMember: supergroups and channels, needs can_promote_members and grants only rights the
 * bot holds; all rights false demotes (spec promoteChatMember, ChatAdministratorRights).
 */
export const promoteChatMember = defineMethod('promoteChatMember', async (ctx) => {
  const userId = readUserId(ctx);
  const rights = readRights(ctx);
  const acting = await botInChat(ctx);
  await ctx.platform.groups.members.promote(acting, userId, rights);
  return true;
});
