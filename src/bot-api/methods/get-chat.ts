import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';

/**
 * getChat: ChatFullInfo (spec §2 ChatFullInfo) with accent_color_id, max_reaction_count and
 * accepted_gift_types; groups add title, description, photo (ChatPhoto), the bot's primary
 * invite_link and permissions. An upgraded group still answers (reference).
 */
export const getChat = defineMethod('getChat', async (ctx) => {
  const { bot, chatId } = await botInChat(ctx);
  const info = await ctx.platform.groups.fullInfo(bot, chatId, async (file) => {
    // Parley keeps one image: the small and the big photo are the same file, as this bot names it.
    const ref = await ctx.platform.files.refFor(ctx.botId, file);
    return {
      small_file_id: ref.file_id,
      small_file_unique_id: file.unique_id,
      big_file_id: ref.file_id,
      big_file_unique_id: file.unique_id,
    };
  });
  // A person's emoji status (setUserEmojiStatus, profiles/profiles.ts).
  if (info.type === 'private') {
    const { profiles } = ctx.platform;
    Object.assign(info, await profiles.emojiStatusOf(Number(info.id)));
    // The person's personal channel (getUserPersonalChatMessages).
    const personal = await profiles.personalChatOf(Number(info.id));
    if (personal)
      info.personal_chat = await ctx.platform.chats.render(ctx.platform.deps.store, personal, bot.id);
  }
  // A supergroup's sticker set (setChatStickerSet, stickers/stickers.ts).
  Object.assign(info, await ctx.platform.stickers.chatFields(bot, chatId));
  return info;
});
