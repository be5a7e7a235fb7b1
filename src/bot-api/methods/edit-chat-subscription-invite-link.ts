import { botApiError } from '../errors.js';
import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';
import { normalizeLink } from '../../platform/chats/invite-links.js';

/** editChatSubscriptionInviteLink: only the name of a subscription link changes. */
export async function editChatSubscriptionInviteLink(ctx: MethodContext) {
  const link = ctx.params.string('invite_link') ?? '';
  const acting = await botInChat(ctx);
  if (link.trim() !== '' && !(await ctx.platform.deps.store.getChatSubscriptionLink(normalizeLink(link)))) {
    throw botApiError('INVITE_HASH_EXPIRED');
  }
  return ctx.platform.groups.inviteLinks.edit(acting, link, { name: ctx.params.string('name') });
}
