import { botInChat, readUserId } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/**
 * setChatMemberTag: a tag for a regular member of a group or supergroup; the bot needs
 * can_manage_tags. As a custom title: trimmed, cut to 16 characters, no emoji; an empty or absent
 * tag removes it (platform/chats/member-tags.ts, ADR 0048).
 */
export const setChatMemberTag = defineMethod('setChatMemberTag', async (ctx) => {
  // readUserId refuses a user_id that is not positive, as every chat administration method does.
  const userId = readUserId(ctx);
  const { tag = '' } = ctx.values;
  const acting = await botInChat(ctx);
  await ctx.platform.memberTags.set(acting, userId, tag);
  return true;
});
