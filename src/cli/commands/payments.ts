/** `parley payments providers`: `GET /control/payments/providers`, the test payment providers. */
import type { PaymentProvider } from '../../testkit/index.js';
import { parseCommandArgs, type Command } from '../command.js';
import { printResult } from '../output.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

/** One line per provider: `accept  284685063:TEST:parley-accept  Parley Test Payments (accepts)`. */
export function formatProviders(providers: PaymentProvider[]): string {
  return providers.map((p) => `${p.outcome.padEnd(7)} ${p.token}  ${p.name}`).join('\n');
}

const PROVIDERS = routeCli('listPaymentProviders');

export const paymentsProvidersCommand: Command = {
  name: 'payments providers',
  summary: 'list the test payment providers and their tokens',
  options: CLIENT_OPTIONS,
  routes: [PROVIDERS],
  help: `Usage: parley payments providers [--json]

Prints the test payment providers whose tokens a bot passes as provider_token: one accepts every
charge, one declines it. With --json: [{"name", "token", "outcome": "accept"|"decline"}].

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, CLIENT_OPTIONS);
    const providers = await withClient(values, ctx, (client) => client.listPaymentProviders());
    printResult(ctx, values.json, providers, formatProviders);
    return 0;
  },
};
