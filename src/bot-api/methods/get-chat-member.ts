import { botInChat, readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/** getChatMember: the ChatMember variant of a user (spec §2 "ChatMember variants"). */
export const getChatMember = defineMethod('getChatMember', async (ctx) => {
  const userId = readUserId(ctx);
  const { bot, chatId } = await botInChat(ctx);
  return ctx.platform.groups.members.get(bot, chatId, userId);
});
