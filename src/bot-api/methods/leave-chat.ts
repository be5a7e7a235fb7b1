import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/** leaveChat: the bot leaves a group, supergroup or channel; it gets my_chat_member (left). */
export async function leaveChat(ctx: MethodContext): Promise<true> {
  await ctx.platform.groups.members.leave(await botInChat(ctx));
  return true;
}
