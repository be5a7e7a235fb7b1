import { botInChat, readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/**
 * unbanChatMember: afterwards the user is not in the chat but may join; with only_if_banned a user
 * who is not banned is left alone (spec unbanChatMember). Supergroups and channels only.
 */
export const unbanChatMember = defineMethod('unbanChatMember', async (ctx) => {
  const userId = readUserId(ctx);
  const { only_if_banned: onlyIfBanned } = ctx.values;
  const acting = await botInChat(ctx);
  await ctx.platform.groups.members.unban(acting, userId, onlyIfBanned);
  return true;
});
