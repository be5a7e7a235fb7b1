import { text, type WebContext } from '../web-context.js';

/**
 * GET /web/api/commands?bot=@username: the bot's commands as the person sees them in their private
 * chat (the narrowest scope set, in the person's language first), and its menu button.
 */
export async function botCommands({ platform, session, input }: WebContext) {
  const person = await platform.users.resolve(String(session.userId), 'user');
  const bot = await platform.users.resolve(text(input, 'bot', true), 'bot');
  const chat = await platform.deps.store.getPrivateChat(person.id, bot.id);
  const commands = chat
    ? await platform.botSettings.commandsFor(bot.id, chat, person.id, false, person.language_code)
    : [];
  const menuButton = await platform.botSettings.getMenuButton(bot.id, chat?.pk ?? null);
  return { commands, menu_button: menuButton };
}
