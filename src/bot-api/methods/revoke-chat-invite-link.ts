import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/** revokeChatInviteLink: answers the revoked link; a revoked primary link is replaced. */
export async function revokeChatInviteLink(ctx: MethodContext) {
  const link = ctx.params.string('invite_link') ?? '';
  return ctx.platform.groups.inviteLinks.revoke(await botInChat(ctx), link);
}
