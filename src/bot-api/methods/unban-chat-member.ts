import { botInChat, readUserId } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * unbanChatMember: afterwards the user is not in the chat but may join; with only_if_banned a user
 * who is not banned is left alone (spec unbanChatMember). Supergroups and channels only.
 */
export async function unbanChatMember(ctx: MethodContext): Promise<true> {
  const userId = readUserId(ctx);
  const onlyIfBanned = ctx.params.bool('only_if_banned');
  const acting = await botInChat(ctx);
  await ctx.platform.groups.members.unban(acting, userId, onlyIfBanned);
  return true;
}
