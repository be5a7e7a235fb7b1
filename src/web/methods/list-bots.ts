import { userView } from './me.js';
import type { WebContext } from '../web-context.js';

/** GET /web/api/bots: the bots a person can start a chat with, oldest first. */
export async function listBots({ platform }: WebContext) {
  return (await platform.deps.store.listBots(200)).filter((bot) => bot.username).map(userView);
}
