import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/** getChatMemberCount (also the legacy getChatMembersCount): members in the chat now. */
export async function getChatMemberCount(ctx: MethodContext) {
  const { bot, chatId } = await botInChat(ctx);
  return ctx.platform.groups.members.count(bot, chatId);
}
