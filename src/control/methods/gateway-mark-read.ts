import type { RouteContext } from '../control-context.js';
import { gatewayHandler } from './gateway-support.js';

/**
 * POST /control/gateway/read: the person reads a verification message (the given request's, else the
 * newest unread) on an online device; its delivery status becomes `read`.
 */
export const gatewayMarkRead = gatewayHandler(
  async ({ platform, input }: RouteContext<'markVerificationRead'>) =>
    platform.gateway.inbox.markRead(input.phone, input.request_id),
);
