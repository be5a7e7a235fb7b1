import { botInChat, readLinkOptions } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/**
 * editChatInviteLink: a non-primary link the bot created; every option is set anew. The runner has
 * refused a missing invite_link (ADR 0084).
 */
export const editChatInviteLink = defineMethod('editChatInviteLink', async (ctx) => {
  const link = ctx.values.invite_link;
  const options = readLinkOptions(ctx);
  return ctx.platform.groups.inviteLinks.edit(await botInChat(ctx), link, options);
});
