import { DescribedResult, type MethodContext } from '../method-context.js';

/** deleteWebhook: back to getUpdates; drops pending updates only when asked. spec/bot-api.md §4. */
export async function deleteWebhook({
  platform,
  botId,
  params,
}: MethodContext): Promise<DescribedResult<true>> {
  const description = await platform.webhooks.set(botId, {
    url: '',
    dropPendingUpdates: params.bool('drop_pending_updates'),
  });
  return new DescribedResult<true>(true, description);
}
