import type { RouteContext } from '../control-context.js';
import { accountId } from './gateway-support.js';

/** GET /control/gateway/accounts/{id}/ledger: top-ups, charges and refunds, oldest first. */
export async function getGatewayLedger({ platform, path, input }: RouteContext<'getGatewayLedger'>) {
  return platform.gateway.accounts.ledger(accountId(path), input.limit);
}
