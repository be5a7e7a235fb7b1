import { botInChat, readPermissions } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/** setChatPermissions: the default permissions of a group or supergroup (can_restrict_members). */
export const setChatPermissions = defineMethod('setChatPermissions', async (ctx) => {
  // permissions is JSON: the reader shared with restrictChatMember.
  const permissions = readPermissions(ctx, false);
  const acting = await botInChat(ctx);
  await ctx.platform.groups.setPermissions(acting, permissions);
  return true;
});
