import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/** deleteChatPhoto: can_change_info; members see delete_chat_photo; no photo: CHAT_NOT_MODIFIED. */
export async function deleteChatPhoto(ctx: MethodContext): Promise<true> {
  await ctx.platform.groups.deletePhoto(await botInChat(ctx));
  return true;
}
