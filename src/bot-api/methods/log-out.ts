import { defineMethod } from '../define-method.js';

/**
 * logOut: the bot is logged out for 10 minutes (calls answer "Logged out"), as after logging out of
 * the hosted platform. Pending long polls end. spec/bot-api.md §4 (named only); reference §6.3.
 */
export const logOut = defineMethod('logOut', async ({ platform, botId }) => {
  await platform.users.logOut(botId);
  return true;
});
