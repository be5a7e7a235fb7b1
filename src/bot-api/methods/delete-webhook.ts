import { defineMethod } from '../define-method.js';
import { DescribedResult } from '../method-context.js';

/** deleteWebhook: back to getUpdates; drops pending updates only when asked. spec/bot-api.md §4. */
export const deleteWebhook = defineMethod('deleteWebhook', async ({ platform, botId, values }) => {
  const description = await platform.webhooks.set(botId, {
    url: '',
    dropPendingUpdates: values.drop_pending_updates,
  });
  return new DescribedResult<true>(true, description);
});
