import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/** deleteChatPhoto: can_change_info; members see delete_chat_photo; no photo: CHAT_NOT_MODIFIED. */
export const deleteChatPhoto = defineMethod('deleteChatPhoto', async (ctx) => {
  await ctx.platform.groups.deletePhoto(await botInChat(ctx));
  return true;
});
