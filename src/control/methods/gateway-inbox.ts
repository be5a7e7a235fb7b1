import { requireString, type ControlContext } from '../control-context.js';
import { gatewayHandler } from './gateway-support.js';

/** GET /control/gateway/inbox: the verification messages a person received, with their status. */
export const gatewayInbox = gatewayHandler(async ({ platform, input }: ControlContext) =>
  platform.gateway.inbox.list(requireString(input, 'phone')),
);
