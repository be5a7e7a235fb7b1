import { ControlError, type ControlContext } from '../control-context.js';
import { gatewayHandler, optionalCredits } from './gateway-support.js';

/**
 * POST /control/gateway/accounts: a gateway account owned by a person; the answer carries the access
 * token, which is shown only here. `owner_phone_number` is accepted for `owner`.
 */
export const gatewayCreateAccount = gatewayHandler(async ({ platform, input }: ControlContext) => {
  const owner = input.owner ?? input.owner_phone_number;
  if ((typeof owner !== 'string' && typeof owner !== 'number') || owner === '') {
    throw new ControlError(400, 'BAD_REQUEST', 'owner is required');
  }
  return platform.gateway.accounts.create({
    owner: String(owner),
    balance: optionalCredits(input, 'credits'),
    default_price: optionalCredits(input, 'default_price'),
  });
});
