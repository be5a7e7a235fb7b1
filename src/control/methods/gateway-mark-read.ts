import { optionalString, requireString, type ControlContext } from '../control-context.js';
import { gatewayHandler } from './gateway-support.js';

/**
 * POST /control/gateway/read: the person reads a verification message (the given request's, else the
 * newest unread) on an online device; its delivery status becomes `read`.
 */
export const gatewayMarkRead = gatewayHandler(async ({ platform, input }: ControlContext) =>
  platform.gateway.inbox.markRead(requireString(input, 'phone'), optionalString(input, 'request_id')),
);
