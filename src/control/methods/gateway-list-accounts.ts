import type { RouteContext } from '../control-context.js';
import { Inspector } from '../../platform/inspector/inspector.js';

/** GET /control/gateway/accounts: every gateway account, without tokens (the inspector). */
export async function listGatewayAccounts({ platform, input }: RouteContext<'listGatewayAccounts'>) {
  return Inspector.of(platform).accounts(input.limit);
}
