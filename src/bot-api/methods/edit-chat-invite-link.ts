import { botInChat, readLinkOptions } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/** editChatInviteLink: a non-primary link the bot created; every option is set anew. */
export async function editChatInviteLink(ctx: MethodContext) {
  const link = ctx.params.string('invite_link') ?? '';
  const options = readLinkOptions(ctx);
  return ctx.platform.groups.inviteLinks.edit(await botInChat(ctx), link, options);
}
