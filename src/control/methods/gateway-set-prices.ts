import type { RouteContext } from '../control-context.js';
import { accountId, optionalCredits } from './gateway-support.js';
import { parseCredits } from '../../platform/gateway/money.js';

/**
 * POST /control/gateway/accounts/{id}/prices: sets the default price and/or per-prefix prices
 * (`prices: {"44": 0.02, "1": null}`; null removes an override).
 */
export async function setGatewayPrices({ platform, path, input }: RouteContext<'setGatewayPrices'>) {
  let prices: Record<string, number | null> | undefined;
  if (input.prices !== undefined) {
    prices = {};
    for (const [prefix, value] of Object.entries(input.prices)) {
      prices[prefix] = value === null ? null : parseCredits(value, `prices.${prefix}`);
    }
  }
  return platform.gateway.accounts.setPrices(accountId(path), {
    default_price: optionalCredits(input.default_price, 'default_price'),
    prices,
  });
}
