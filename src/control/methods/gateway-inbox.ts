import type { RouteContext } from '../control-context.js';
import { gatewayHandler } from './gateway-support.js';

/** GET /control/gateway/inbox: the verification messages a person received, with their status. */
export const gatewayInbox = gatewayHandler(
  async ({ platform, input }: RouteContext<'getVerificationInbox'>) =>
    platform.gateway.inbox.list(input.phone),
);
