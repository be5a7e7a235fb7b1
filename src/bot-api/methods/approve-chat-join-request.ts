import { botInChat, readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/** approveChatJoinRequest: the user joins (chat_member with via_join_request); can_invite_users. */
export const approveChatJoinRequest = defineMethod('approveChatJoinRequest', async (ctx) => {
  // readUserId, not ctx.values.user_id: a user_id that reads as 0 or less is "invalid user_id specified".
  const userId = readUserId(ctx);
  await ctx.platform.groups.joinRequests.approve(await botInChat(ctx), userId);
  return true;
});
