import type { RouteContext } from '../control-context.js';
import { accountId, gatewayHandler } from './gateway-support.js';
import { parseCredits } from '../../platform/gateway/money.js';

/** POST /control/gateway/accounts/{id}/top-up: adds credits (a ledger entry). */
export const gatewayTopUp = gatewayHandler(
  async ({ platform, path, input }: RouteContext<'topUpGatewayAccount'>) =>
    platform.gateway.accounts.topUp(accountId(path), parseCredits(input.credits, 'credits')),
);
