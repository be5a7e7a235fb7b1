import type { GatewayContext } from './method-context.js';

/**
 * revokeVerificationMessage (spec §4; §3 rule 1): true when the request is known; a message not yet
 * delivered is removed (revoked), a delivered or read one stays.
 */
export async function revokeVerificationMessage({ platform, account, params }: GatewayContext) {
  return platform.gateway.requests.revoke(account, params.pick('request_id'));
}
