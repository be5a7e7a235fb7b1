import { botInChat, readLinkOptions } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/** createChatInviteLink: an additional link (can_invite_users); spec §2 ChatInviteLink. */
export async function createChatInviteLink(ctx: MethodContext) {
  const options = readLinkOptions(ctx);
  return ctx.platform.groups.inviteLinks.create(await botInChat(ctx), options);
}
