import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/** exportChatInviteLink: a new primary link of the bot (the previous one is revoked); a String. */
export const exportChatInviteLink = defineMethod('exportChatInviteLink', async (ctx) => {
  return ctx.platform.groups.inviteLinks.export(await botInChat(ctx));
});
