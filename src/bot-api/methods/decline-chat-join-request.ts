import { botInChat, readUserId } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/** declineChatJoinRequest: the request is dropped; can_invite_users. */
export async function declineChatJoinRequest(ctx: MethodContext): Promise<true> {
  const userId = readUserId(ctx);
  await ctx.platform.groups.joinRequests.decline(await botInChat(ctx), userId);
  return true;
}
