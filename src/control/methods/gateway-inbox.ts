import type { RouteContext } from '../control-context.js';

/** GET /control/gateway/inbox: the verification messages a person received, with their status. */
export async function getVerificationInbox({ platform, input }: RouteContext<'getVerificationInbox'>) {
  return platform.gateway.inbox.list(input.phone);
}
