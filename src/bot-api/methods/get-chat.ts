import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * getChat: ChatFullInfo (spec §2 ChatFullInfo) with accent_color_id, max_reaction_count and
 * accepted_gift_types; groups add title, description, photo (ChatPhoto), the bot's primary
 * invite_link and permissions. An upgraded group still answers (reference).
 */
export async function getChat(ctx: MethodContext) {
  const { bot, chatId } = await botInChat(ctx);
  return ctx.platform.groups.fullInfo(bot, chatId, async (file) => {
    // Parley keeps one image: the small and the big photo are the same file, as this bot names it.
    const ref = await ctx.platform.files.refFor(ctx.botId, file);
    return {
      small_file_id: ref.file_id,
      small_file_unique_id: file.unique_id,
      big_file_id: ref.file_id,
      big_file_unique_id: file.unique_id,
    };
  });
}
