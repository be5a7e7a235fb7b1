import { botApiError } from '../errors.js';
import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';
import { normalizeLink } from '../../platform/chats/invite-links.js';

/** editChatSubscriptionInviteLink: only the name of a subscription link changes. */
export const editChatSubscriptionInviteLink = defineMethod('editChatSubscriptionInviteLink', async (ctx) => {
  const { invite_link: link, name } = ctx.values;
  const acting = await botInChat(ctx);
  if (link.trim() !== '' && !(await ctx.platform.deps.store.getChatSubscriptionLink(normalizeLink(link)))) {
    throw botApiError('INVITE_HASH_EXPIRED');
  }
  return ctx.platform.groups.inviteLinks.edit(acting, link, { name });
});
