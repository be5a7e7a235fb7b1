import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';

/**
 * close: releases the bot's server-side state (its long poll ends). Like the reference, refused with
 * 429 during the first 10 minutes of a bot's activity unless the server itself started less than 10
 * minutes ago. reference §6.3.
 */
export const close = defineMethod('close', async ({ platform, botId }) => {
  const retryAfter = platform.users.closeRetryAfter(botId);
  if (retryAfter > 0) throw botApiError('TOO_MANY_REQUESTS', { retryAfter });
  platform.updates.releaseAll();
  return true;
});
