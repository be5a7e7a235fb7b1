import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';

/**
 * getChatAdministrators: the creator and administrators; other bots only with return_bots.
 * A private chat answers "there are no administrators in the private chat" (reference §2.3).
 */
export async function getChatAdministrators(ctx: MethodContext) {
  const returnBots = ctx.params.bool('return_bots');
  const { bot, chatId } = await botInChat(ctx);
  return ctx.platform.groups.members.administrators(bot, chatId, returnBots);
}
