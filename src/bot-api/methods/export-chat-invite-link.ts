import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/** exportChatInviteLink: a new primary link of the bot (the previous one is revoked); a String. */
export async function exportChatInviteLink(ctx: MethodContext) {
  return ctx.platform.groups.inviteLinks.export(await botInChat(ctx));
}
