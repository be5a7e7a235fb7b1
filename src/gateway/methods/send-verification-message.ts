import type { GatewayContext } from './method-context.js';

/**
 * sendVerificationMessage (spec §4): sends a code to a registered number; charged unless a
 * request_id of checkSendAbility is given or the number is the owner's. Answers a RequestStatus.
 */
export async function sendVerificationMessage({ platform, account, params }: GatewayContext) {
  return platform.gateway.requests.send(
    account,
    params.pick(
      'phone_number',
      'request_id',
      'sender_username',
      'code',
      'code_length',
      'callback_url',
      'payload',
      'ttl',
    ),
  );
}
