import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/** setChatDescription: 0-255 characters (can_change_info); "chat description is not modified". */
export async function setChatDescription(ctx: MethodContext): Promise<true> {
  const description = ctx.params.string('description') ?? '';
  await ctx.platform.groups.setDescription(await botInChat(ctx), description);
  return true;
}
