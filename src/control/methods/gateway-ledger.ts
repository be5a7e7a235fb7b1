import { optionalInteger, type ControlContext } from '../control-context.js';
import { accountId, gatewayHandler } from './gateway-support.js';

/** GET /control/gateway/accounts/{id}/ledger: top-ups, charges and refunds, oldest first. */
export const gatewayLedger = gatewayHandler(async ({ platform, path, input }: ControlContext) =>
  platform.gateway.accounts.ledger(accountId(path), optionalInteger(input, 'limit', 1, 1000) ?? 100),
);
