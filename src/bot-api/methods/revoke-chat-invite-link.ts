import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/** revokeChatInviteLink: answers the revoked link; a revoked primary link is replaced. */
export const revokeChatInviteLink = defineMethod('revokeChatInviteLink', async (ctx) => {
  // The runner has refused an absent invite_link ("invite link is empty").
  const { invite_link: link } = ctx.values;
  return ctx.platform.groups.inviteLinks.revoke(await botInChat(ctx), link);
});
