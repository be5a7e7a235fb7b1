import type { MethodContext } from '../method-context.js';

/** getWebhookInfo: WebhookInfo with the reference's fields and omissions. spec/bot-api.md §2, §4. */
export async function getWebhookInfo({ platform, botId }: MethodContext) {
  return platform.webhooks.info(botId);
}
