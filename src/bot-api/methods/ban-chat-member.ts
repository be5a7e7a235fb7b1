import { botInChat, readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/**
 * banChatMember (also the legacy kickChatMember): needs can_restrict_members; until_date less than
 * 30 s or more than 366 days away means forever, and only supergroups and channels keep bans
 * (spec banChatMember). revoke_messages is accepted; no message is deleted.
 */
export const banChatMember = defineMethod('banChatMember', async (ctx) => {
  // readUserId, not ctx.values.user_id: a user_id that reads as 0 or less is "invalid user_id specified".
  const userId = readUserId(ctx);
  const untilDate = ctx.values.until_date ?? 0;
  const acting = await botInChat(ctx);
  await ctx.platform.groups.members.ban(acting, userId, untilDate);
  return true;
});
