import { ControlError, type ControlContext } from '../control-context.js';
import { accountId, gatewayHandler, optionalCredits } from './gateway-support.js';
import { parseCredits } from '../../platform/gateway/money.js';

/**
 * POST /control/gateway/accounts/{id}/prices: sets the default price and/or per-prefix prices
 * (`prices: {"44": 0.02, "1": null}`; null removes an override).
 */
export const gatewaySetPrices = gatewayHandler(async ({ platform, path, input }: ControlContext) => {
  const raw = input.prices;
  let prices: Record<string, number | null> | undefined;
  if (raw !== undefined && raw !== null) {
    if (typeof raw !== 'object' || Array.isArray(raw)) {
      throw new ControlError(400, 'BAD_REQUEST', 'prices must be an object of prefix: credits');
    }
    prices = {};
    for (const [prefix, value] of Object.entries(raw)) {
      prices[prefix] = value === null ? null : parseCredits(value, `prices.${prefix}`);
    }
  }
  return platform.gateway.accounts.setPrices(accountId(path), {
    default_price: optionalCredits(input, 'default_price'),
    prices,
  });
});
