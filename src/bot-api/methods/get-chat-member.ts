import { botInChat, readUserId } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/** getChatMember: the ChatMember variant of a user (spec §2 "ChatMember variants"). */
export async function getChatMember(ctx: MethodContext) {
  const userId = readUserId(ctx);
  const { bot, chatId } = await botInChat(ctx);
  return ctx.platform.groups.members.get(bot, chatId, userId);
}
