import type { RouteContext } from '../control-context.js';
import { accountId } from './gateway-support.js';

/** GET /control/gateway/accounts/{id}: the account (balance, prices), without its token. */
export async function getGatewayAccount({ platform, path }: RouteContext<'getGatewayAccount'>) {
  return platform.gateway.accounts.view(accountId(path));
}
