import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * getChat: ChatFullInfo (spec §2 ChatFullInfo) with accent_color_id, max_reaction_count and
 * accepted_gift_types; groups add title, description, the bot's primary invite_link and permissions.
 * An upgraded group still answers (reference).
 */
export async function getChat(ctx: MethodContext) {
  const { bot, chatId } = await botInChat(ctx);
  return ctx.platform.groups.fullInfo(bot, chatId);
}
