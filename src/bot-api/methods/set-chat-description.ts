import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/** setChatDescription: 0-255 characters (can_change_info); "chat description is not modified". */
export const setChatDescription = defineMethod('setChatDescription', async (ctx) => {
  const { description = '' } = ctx.values;
  await ctx.platform.groups.setDescription(await botInChat(ctx), description);
  return true;
});
