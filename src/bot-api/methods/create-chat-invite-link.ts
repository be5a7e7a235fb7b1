import { botInChat, readLinkOptions } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/** createChatInviteLink: an additional link (can_invite_users); spec §2 ChatInviteLink. */
export const createChatInviteLink = defineMethod('createChatInviteLink', async (ctx) => {
  const options = readLinkOptions(ctx);
  return ctx.platform.groups.inviteLinks.create(await botInChat(ctx), options);
});
