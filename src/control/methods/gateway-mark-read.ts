import type { RouteContext } from '../control-context.js';

/**
 * POST /control/gateway/read: the person reads a verification message (the given request's, else the
 * newest unread) on an online device; its delivery status becomes `read`.
 */
export async function markVerificationRead({ platform, input }: RouteContext<'markVerificationRead'>) {
  return platform.gateway.inbox.markRead(input.phone, input.request_id);
}
