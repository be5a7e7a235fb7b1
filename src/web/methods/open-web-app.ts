import { WebError, positive, text, type WebContext } from '../web-context.js';

/**
 * POST /web/api/web-apps/open {bot, message_id?, button?}: the person opens a bot's Mini App, from
 * its menu button (setChatMenuButton with a web_app) or from a web_app button of a message of their
 * chat with it. Answers the launch data the platform signed (platform/web-apps/) and `launch_url`,
 * the app's URL with `#tgWebAppData=...` in its fragment, which the page opens in a new tab.
 */
export async function openWebApp({ platform, session, input }: WebContext) {
  const messageId = positive(input, 'message_id');
  const button = typeof input.button === 'string' && input.button !== '' ? input.button : undefined;
  if ((messageId === undefined) !== (button === undefined)) {
    throw new WebError(400, 'BAD_REQUEST', 'message_id and button go together');
  }
  return platform.webApps.open(String(session.userId), text(input, 'bot', true), { messageId, button });
}
