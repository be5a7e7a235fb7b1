import { botInChat, readUserId } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/** approveChatJoinRequest: the user joins (chat_member with via_join_request); can_invite_users. */
export async function approveChatJoinRequest(ctx: MethodContext): Promise<true> {
  const userId = readUserId(ctx);
  await ctx.platform.groups.joinRequests.approve(await botInChat(ctx), userId);
  return true;
}
