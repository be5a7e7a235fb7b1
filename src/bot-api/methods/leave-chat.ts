import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/** leaveChat: the bot leaves a group, supergroup or channel; it gets my_chat_member (left). */
export const leaveChat = defineMethod('leaveChat', async (ctx) => {
  await ctx.platform.groups.members.leave(await botInChat(ctx));
  return true;
});
