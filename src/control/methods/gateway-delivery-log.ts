import type { RouteContext } from '../control-context.js';
import { readDeliveryLog } from '../../platform/gateway/delivery-log.js';

/** GET /control/gateway/delivery-log: report delivery attempts (newest `limit`) and pending reports. */
export async function getDeliveryLog({ platform, input }: RouteContext<'getDeliveryLog'>) {
  return readDeliveryLog(platform.deps, {
    accountId: input.account,
    requestId: input.request_id,
    limit: input.limit,
  });
}
