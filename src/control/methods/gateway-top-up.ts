import type { RouteContext } from '../control-context.js';
import { accountId } from './gateway-support.js';
import { parseCredits } from '../../platform/gateway/money.js';

/** POST /control/gateway/accounts/{id}/top-up: adds credits (a ledger entry). */
export async function topUpGatewayAccount({ platform, path, input }: RouteContext<'topUpGatewayAccount'>) {
  return platform.gateway.accounts.topUp(accountId(path), parseCredits(input.credits, 'credits'));
}
