import type { MethodContext } from '../method-context.js';

/**
 * logOut: the bot is logged out for 10 minutes (calls answer "Logged out"), as after logging out of
 * the hosted platform. Pending long polls end. spec/bot-api.md §4 (named only); reference §6.3.
 */
export async function logOut({ platform, botId }: MethodContext): Promise<true> {
  await platform.users.logOut(botId);
  return true;
}
