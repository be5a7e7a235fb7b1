import type { RouteContext } from '../control-context.js';
import { gatewayHandler } from './gateway-support.js';
import { readDeliveryLog } from '../../platform/gateway/delivery-log.js';

/** GET /control/gateway/delivery-log: report delivery attempts (newest `limit`) and pending reports. */
export const gatewayDeliveryLog = gatewayHandler(
  async ({ platform, input }: RouteContext<'getDeliveryLog'>) =>
    readDeliveryLog(platform.deps, {
      accountId: input.account,
      requestId: input.request_id,
      limit: input.limit,
    }),
);
