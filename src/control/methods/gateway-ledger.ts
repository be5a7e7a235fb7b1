import type { RouteContext } from '../control-context.js';
import { accountId, gatewayHandler } from './gateway-support.js';

/** GET /control/gateway/accounts/{id}/ledger: top-ups, charges and refunds, oldest first. */
export const gatewayLedger = gatewayHandler(
  async ({ platform, path, input }: RouteContext<'getGatewayLedger'>) =>
    platform.gateway.accounts.ledger(accountId(path), input.limit),
);
