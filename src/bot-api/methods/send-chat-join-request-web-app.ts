import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * sendChatJoinRequestWebApp: the person who asked to join is shown the bot's Mini App (an HTTPS
 * URL) before the bot decides; the query then stays open an hour. reference/bot-api-10.1.json;
 * ADR 0047.
 */
export async function sendChatJoinRequestWebApp({ params, platform, botId }: MethodContext): Promise<true> {
  const id = params.string('chat_join_request_query_id') ?? '';
  const url = params.string('web_app_url') ?? '';
  if (!/^https:\/\/\S+$/i.test(url)) throw botApiError('WEB_APP_URL_INVALID');
  await platform.webApps.joinRequests.showWebApp(botId, id, url);
  return true;
}
