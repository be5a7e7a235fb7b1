import { botInChat, readUserId } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * banChatMember (also the legacy kickChatMember): needs can_restrict_members; until_date less than
 * 30 s or more than 366 days away means forever, and only supergroups and channels keep bans
 * (spec banChatMember). revoke_messages is accepted; no message is deleted.
 */
export async function banChatMember(ctx: MethodContext): Promise<true> {
  const userId = readUserId(ctx);
  const untilDate = ctx.params.int('until_date') ?? 0;
  const acting = await botInChat(ctx);
  await ctx.platform.groups.members.ban(acting, userId, untilDate);
  return true;
}
