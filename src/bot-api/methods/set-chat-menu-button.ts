import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import type { MenuButton } from '../../wire/bot-api-types.js';
import { privateChatPk } from './get-chat-menu-button.js';

/** setChatMenuButton: a private chat's menu button, or the bot's default without chat_id. spec §2 MenuButton. */
export const setChatMenuButton = defineMethod('setChatMenuButton', async (ctx) => {
  // menu_button is JSON: its own reader; chat_id is privateChatPk's (getChatMenuButton's too).
  const value = ctx.params.parsedJson('menu_button', 'menu button');
  let button: MenuButton | null = null;
  if (value !== undefined) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw botApiError('JSON_UNPARSABLE', { object: 'menu button' });
    }
    const raw = value as Record<string, unknown>;
    if (raw.type === 'web_app') {
      const webApp = raw.web_app as { url?: unknown } | undefined;
      if (typeof raw.text !== 'string' || raw.text === '') throw botApiError('MENU_BUTTON_TEXT_EMPTY');
      if (!webApp || typeof webApp.url !== 'string' || !/^https:\/\/\S+$/i.test(webApp.url)) {
        throw botApiError('WEB_APP_URL_INVALID');
      }
      button = { type: 'web_app', text: raw.text, web_app: { url: webApp.url } };
    } else if (raw.type === 'commands' || raw.type === 'default') button = { type: raw.type };
    else throw botApiError('MENU_BUTTON_TYPE_UNSUPPORTED');
  }
  const chatPk = await privateChatPk(ctx);
  await ctx.platform.botSettings.setMenuButton(ctx.botId, chatPk, button);
  return true;
});
