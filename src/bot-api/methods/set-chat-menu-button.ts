import { BotApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { privateChatPk } from './get-chat-menu-button.js';

/** setChatMenuButton: a private chat's menu button, or the bot's default without chat_id. spec §2 MenuButton. */
export async function setChatMenuButton(ctx: MethodContext) {
  const value = ctx.params.parsedJson('menu_button', "can't parse menu button JSON object");
  let button: Record<string, unknown> | null = null;
  if (value !== undefined) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw BotApiError.badRequest("can't parse menu button JSON object");
    }
    const raw = value as Record<string, unknown>;
    if (raw.type === 'web_app') {
      const webApp = raw.web_app as { url?: unknown } | undefined;
      if (typeof raw.text !== 'string' || raw.text === '')
        throw BotApiError.badRequest('menu button text must be non-empty');
      if (!webApp || typeof webApp.url !== 'string' || !/^https:\/\/\S+$/i.test(webApp.url)) {
        throw BotApiError.badRequest('invalid web app URL specified');
      }
      button = { type: 'web_app', text: raw.text, web_app: { url: webApp.url } };
    } else if (raw.type === 'commands' || raw.type === 'default') button = { type: raw.type };
    else throw BotApiError.badRequest('unsupported menu button type specified');
  }
  const chatPk = await privateChatPk(ctx);
  await ctx.platform.botSettings.setMenuButton(ctx.botId, chatPk, button);
  return true;
}
