import { botInChat, readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/** declineChatJoinRequest: the request is dropped; can_invite_users. */
export const declineChatJoinRequest = defineMethod('declineChatJoinRequest', async (ctx) => {
  // readUserId, not ctx.values.user_id: a user_id that reads as 0 or less is "invalid user_id specified".
  const userId = readUserId(ctx);
  await ctx.platform.groups.joinRequests.decline(await botInChat(ctx), userId);
  return true;
});
