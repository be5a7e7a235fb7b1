import { botInChat, readUserId } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * setChatMemberTag: a tag for a regular member of a group or supergroup; the bot needs
 * can_manage_tags. As a custom title: trimmed, cut to 16 characters, no emoji; an empty or absent
 * tag removes it (platform/chats/member-tags.ts, ADR 0048).
 */
export async function setChatMemberTag(ctx: MethodContext): Promise<true> {
  const userId = readUserId(ctx);
  const tag = ctx.params.string('tag') ?? '';
  const acting = await botInChat(ctx);
  await ctx.platform.memberTags.set(acting, userId, tag);
  return true;
}
