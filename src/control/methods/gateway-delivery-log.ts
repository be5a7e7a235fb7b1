import { optionalInteger, optionalString, type ControlContext } from '../control-context.js';
import { gatewayHandler } from './gateway-support.js';
import { readDeliveryLog } from '../../platform/gateway/delivery-log.js';

/** GET /control/gateway/delivery-log: report delivery attempts (newest `limit`) and pending reports. */
export const gatewayDeliveryLog = gatewayHandler(async ({ platform, input }: ControlContext) =>
  readDeliveryLog(platform.deps, {
    accountId: optionalInteger(input, 'account', 1, Number.MAX_SAFE_INTEGER),
    requestId: optionalString(input, 'request_id'),
    limit: optionalInteger(input, 'limit', 1, 1000) ?? 100,
  }),
);
