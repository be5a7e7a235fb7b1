import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/** getChatMemberCount (also the legacy getChatMembersCount): members in the chat now. */
export const getChatMemberCount = defineMethod('getChatMemberCount', async (ctx) => {
  const { bot, chatId } = await botInChat(ctx);
  return ctx.platform.groups.members.count(bot, chatId);
});
