import { botInChat, readUserId } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * setChatAdministratorCustomTitle: supergroups; an administrator the bot promoted; 0-16 characters
 * (longer is cut, as TDLib does), no emoji. Shown as custom_title in ChatMember.
 */
export async function setChatAdministratorCustomTitle(ctx: MethodContext): Promise<true> {
  const userId = readUserId(ctx);
  const customTitle = ctx.params.string('custom_title') ?? '';
  const acting = await botInChat(ctx);
  await ctx.platform.groups.members.setCustomTitle(acting, userId, customTitle);
  return true;
}
