import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * setChatTitle: 1-128 characters (can_change_info); bots in the chat get new_chat_title, the same
 * title again changes nothing.
 */
export async function setChatTitle(ctx: MethodContext): Promise<true> {
  const title = ctx.params.string('title') ?? '';
  await ctx.platform.groups.setTitle(await botInChat(ctx), title);
  return true;
}
