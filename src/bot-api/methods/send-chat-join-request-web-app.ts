import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/**
 * sendChatJoinRequestWebApp: the person who asked to join is shown the bot's Mini App (an HTTPS
 * URL) before the bot decides; the query then stays open an hour. reference/bot-api-10.1.json;
 * ADR 0047.
 */
export const sendChatJoinRequestWebApp = defineMethod(
  'sendChatJoinRequestWebApp',
  async ({ values, platform, botId }) => {
    // The runner has refused an absent query id (QUERY_INVALID) or web_app_url (WEB_APP_URL_INVALID).
    const { chat_join_request_query_id: id, web_app_url: url } = values;
    if (!/^https:\/\/\S+$/i.test(url)) throw botApiError('WEB_APP_URL_INVALID');
    await platform.webApps.joinRequests.showWebApp(botId, id, url);
    return true;
  },
);
