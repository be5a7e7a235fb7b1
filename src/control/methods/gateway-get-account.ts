import type { RouteContext } from '../control-context.js';
import { accountId, gatewayHandler } from './gateway-support.js';

/** GET /control/gateway/accounts/{id}: the account (balance, prices), without its token. */
export const gatewayGetAccount = gatewayHandler(
  async ({ platform, path }: RouteContext<'getGatewayAccount'>) =>
    platform.gateway.accounts.view(accountId(path)),
);
