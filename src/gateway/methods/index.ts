/**
 * The gateway's method table (spec §4): what is implemented can be read off it. Names are matched
 * without regard to letter case.
 */
import { checkSendAbility } from './check-send-ability.js';
import { checkVerificationStatus } from './check-verification-status.js';
import type { GatewayMethod } from './method-context.js';
import { revokeVerificationMessage } from './revoke-verification-message.js';
import { sendVerificationMessage } from './send-verification-message.js';

export const GATEWAY_METHODS = {
  sendVerificationMessage,
  checkSendAbility,
  checkVerificationStatus,
  revokeVerificationMessage,
} satisfies Record<string, GatewayMethod>;

const BY_LOWER_NAME = new Map<string, GatewayMethod>(
  Object.entries(GATEWAY_METHODS).map(([name, method]) => [name.toLowerCase(), method]),
);

const BY_NAME = new Map<string, GatewayMethod>(Object.entries(GATEWAY_METHODS));

export function findMethod(name: string): GatewayMethod | undefined {
  // The name as the table spells it (nearly every call) needs no lower-cased copy.
  return BY_NAME.get(name) ?? BY_LOWER_NAME.get(name.toLowerCase());
}
