import type { RouteContext } from '../control-context.js';
import { Inspector } from '../../platform/inspector/inspector.js';
import { gatewayHandler } from './gateway-support.js';

/** GET /control/gateway/accounts: every gateway account, without tokens (the inspector). */
export const gatewayListAccounts = gatewayHandler(
  async ({ platform, input }: RouteContext<'listGatewayAccounts'>) =>
    Inspector.of(platform).accounts(input.limit),
);
