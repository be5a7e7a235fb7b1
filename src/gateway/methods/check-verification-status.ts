import type { GatewayContext } from './method-context.js';

/**
 * checkVerificationStatus (spec §4): the RequestStatus of a request; with `code`, checks it
 * (code_valid, code_invalid, code_max_attempts_exceeded after 5 wrong ones; expired once the
 * code's lifetime is over).
 */
export async function checkVerificationStatus({ platform, account, params }: GatewayContext) {
  return platform.gateway.requests.checkStatus(account, params.pick('request_id', 'code'));
}
