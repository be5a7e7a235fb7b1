/**
 * Opening a bot's Mini App (its menu button, or a web_app button of its message): the server signs
 * the launch data (platform/web-apps/) and answers the app's URL with `#tgWebAppData=...` in its
 * fragment, as the real clients hand it over; the app opens in a new tab.
 */
import { api } from './api.js';

export async function openWebApp(bot: string, messageId?: number, button?: string): Promise<void> {
  const opened = await api.openWebApp(bot, messageId, button);
  window.open(opened.launch_url, '_blank', 'noopener');
}
