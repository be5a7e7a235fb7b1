import type { RouteContext } from '../control-context.js';
import { ControlError } from '../control-context.js';
import {
  readWebhookDeliveryLog,
  replayWebhookUpdate as replay,
} from '../../platform/webhooks/delivery-log.js';

/** GET /control/webhooks/deliveries: a bot's webhook delivery attempts and pending updates (ADR 0059). */
export async function getWebhookDeliveries({ platform, input }: RouteContext<'getWebhookDeliveries'>) {
  return readWebhookDeliveryLog(platform, { bot: input.bot, updateId: input.update_id, limit: input.limit });
}

/** POST /control/webhooks/replay: delivers an update to the bot's webhook again (ADR 0059). */
export async function replayWebhookUpdate({ platform, input }: RouteContext<'replayWebhookUpdate'>) {
  const result = await replay(platform, input.bot, input.update_id);
  if (result.ok) return { bot_id: result.bot_id, update_id: result.update_id, mode: result.mode };
  if (result.reason === 'no_webhook') {
    throw new ControlError(409, 'WEBHOOK_NOT_SET', `the bot has no webhook`);
  }
  throw new ControlError(
    404,
    'UPDATE_NOT_FOUND',
    `update ${input.update_id} is neither pending nor kept in the delivery log`,
  );
}
