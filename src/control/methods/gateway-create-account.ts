import type { RouteContext } from '../control-context.js';
import { optionalCredits } from './gateway-support.js';

/**
 * POST /control/gateway/accounts: a gateway account owned by a person; the answer carries the access
 * token, which is shown only here. `owner_phone_number` is accepted for `owner` (the schema's alias).
 */
export async function createGatewayAccount({ platform, input }: RouteContext<'createGatewayAccount'>) {
  return platform.gateway.accounts.create({
    owner: input.owner,
    balance: optionalCredits(input.credits, 'credits'),
    default_price: optionalCredits(input.default_price, 'default_price'),
  });
}
