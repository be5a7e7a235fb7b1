import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * getChatMenuButton: the menu button of a private chat (`default` when it has none of its own), or
 * the bot's default without chat_id.
 */
export const getChatMenuButton = defineMethod('getChatMenuButton', async (ctx) => {
  return ctx.platform.botSettings.chatMenuButton(ctx.botId, await privateChatPk(ctx));
});

/**
 * The private chat named by the optional chat_id (menu buttons exist in private chats only). Shared
 * with setChatMenuButton, so it reads the call's parameters itself.
 */
export async function privateChatPk({ params, platform, botId }: MethodContext): Promise<number | null> {
  if (params.string('chat_id') === undefined) return null;
  const chatId = params.int('chat_id') ?? 0;
  const chat = chatId > 0 ? await platform.deps.store.getPrivateChat(botId, chatId) : undefined;
  if (!chat) throw botApiError('CHAT_NOT_FOUND');
  return chat.pk;
}
