import { ControlError, type ControlContext } from '../control-context.js';
import { accountId, gatewayHandler, optionalCredits } from './gateway-support.js';

/** POST /control/gateway/accounts/{id}/top-up: adds credits (a ledger entry). */
export const gatewayTopUp = gatewayHandler(async ({ platform, path, input }: ControlContext) => {
  const units = optionalCredits(input, 'credits');
  if (units === undefined) throw new ControlError(400, 'BAD_REQUEST', 'credits is required');
  return platform.gateway.accounts.topUp(accountId(path), units);
});
