import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/**
 * setChatTitle: 1-128 characters (can_change_info); bots in the chat get new_chat_title, the same
 * title again changes nothing. The runner has refused a missing, blank or longer title (ADR 0084).
 */
export const setChatTitle = defineMethod('setChatTitle', async (ctx) => {
  const { title } = ctx.values;
  await ctx.platform.groups.setTitle(await botInChat(ctx), title);
  return true;
});
