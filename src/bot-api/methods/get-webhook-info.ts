import { defineMethod } from '../define-method.js';

/** getWebhookInfo: WebhookInfo with the reference's fields and omissions. spec/bot-api.md §2, §4. */
export const getWebhookInfo = defineMethod('getWebhookInfo', async ({ platform, botId }) => {
  return platform.webhooks.info(botId);
});
