/** What the person's client gives a Mini App it opens (web-apps.ts, join-request-queries.ts). */
import type { UserRow } from '../../storage/store.js';

export type WebAppSource = 'menu_button' | 'inline_button' | 'keyboard_button' | 'join_request';

export interface OpenedWebApp {
  /** The Mini App's URL, as the bot gave it. */
  url: string;
  /** The signed launch data (Telegram.WebApp.initData); empty for a reply keyboard button. */
  init_data: string;
  /** The URL the client loads: the app's URL with tgWebAppData and tgWebAppVersion in the fragment. */
  launch_url: string;
  source: WebAppSource;
  /** The query the bot may answer with answerWebAppQuery (menu and inline buttons). */
  query_id?: string;
  button_text?: string;
}

/** Signs launch fields for a bot and makes the URL a client loads. */
export interface LaunchSigner {
  sign(bot: UserRow, fields: Record<string, string>): Promise<string>;
  launchUrl(url: string, initData: string): string;
}
