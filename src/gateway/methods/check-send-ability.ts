import type { GatewayContext } from './method-context.js';

/**
 * checkSendAbility (spec §4): when a code can be sent to the number, charges for it in advance and
 * answers a RequestStatus whose request_id one send may use for free.
 */
export async function checkSendAbility({ platform, account, params }: GatewayContext) {
  return platform.gateway.requests.checkSendAbility(account, params.pick('phone_number'));
}
