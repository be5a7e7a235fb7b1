/**
 * `parley subscription list|cancel|reactivate`: a person's Stars subscriptions to a bot
 * (`GET /control/subscriptions`, `POST /control/subscriptions/cancel|reactivate`; ADR 0078).
 */
import type { StarSubscription } from '../../testkit/index.js';
import { parseCommandArgs, type Command } from '../command.js';
import { mergeRouteOptions, routeCli } from '../route-options.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';

/** `canceled club 10 Stars/2592000 s until 1760000000 (by the person) stx...`. */
export function formatSubscription(subscription: StarSubscription): string {
  const by = [
    subscription.canceled_by_user ? 'the person' : '',
    subscription.canceled_by_bot ? 'the bot' : '',
  ]
    .filter(Boolean)
    .join(' and ');
  return (
    `${subscription.state} ${subscription.invoice_payload} ${subscription.star_count} Stars/` +
    `${subscription.subscription_period} s until ${subscription.expiration_date}` +
    `${by ? ` (by ${by})` : ''} ${subscription.telegram_payment_charge_id}`
  );
}

const LIST = routeCli('listSubscriptions');
const LIST_OPTIONS = { ...CLIENT_OPTIONS, ...LIST.options } as const;
/** `--charge` names the routes' charge_id; cancel and reactivate take the same options. */
const CHANGE = { flags: { charge_id: 'charge' } } as const;
const CANCEL = routeCli('cancelSubscription', CHANGE);
const REACTIVATE = routeCli('reactivateSubscription', CHANGE);
const CHANGE_OPTIONS = { ...CLIENT_OPTIONS, ...mergeRouteOptions(CANCEL, REACTIVATE) } as const;

export const subscriptionListCommand: Command = {
  name: 'subscription list',
  summary: "list a person's Stars subscriptions to a bot",
  options: LIST_OPTIONS,
  routes: [LIST],
  help: `Usage: parley subscription list --user USER --bot BOT [--json]

Lists the person's Stars subscriptions to the bot whose paid period runs, one a line; with --json
[{"telegram_payment_charge_id", "invoice_payload", "star_count", "subscription_period",
"expiration_date", "state": "active"|"canceled", "canceled_by_user", "canceled_by_bot"}].

Options:
${LIST.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, LIST_OPTIONS);
    const { values } = parsed;
    const params = await LIST.params(parsed, this.name);
    const list = await withClient(values, ctx, (client) => client.listSubscriptions(params));
    printResult(ctx, values.json, list, (items) => items.map(formatSubscription).join('\n'));
    return 0;
  },
};

function changeCommand(verb: 'cancel' | 'reactivate', summary: string, text: string): Command {
  const route = verb === 'cancel' ? CANCEL : REACTIVATE;
  return {
    name: `subscription ${verb}`,
    summary,
    options: CHANGE_OPTIONS,
    routes: [route],
    help: `Usage: parley subscription ${verb} --user USER --bot BOT [--charge CHARGE_ID] [--json]

${text}

Options:
${route.help}

${CLIENT_OPTIONS_HELP}`,
    async run(args, ctx) {
      const parsed = parseCommandArgs(this.name, args, CHANGE_OPTIONS);
      const { values } = parsed;
      const params = await CANCEL.params(parsed, this.name);
      const changed = await withClient(values, ctx, (client) =>
        verb === 'cancel' ? client.cancelSubscription(params) : client.reactivateSubscription(params),
      );
      printResult(ctx, values.json, changed, formatSubscription);
      return 0;
    },
  };
}

export const subscriptionCancelCommand = changeCommand(
  'cancel',
  'cancel a Stars subscription a person pays a bot',
  `The person cancels the subscription: it is not renewed and ends with its paid period. The bot gets
a subscription update (state "canceled"). Prints the subscription now.`,
);

export const subscriptionReactivateCommand = changeCommand(
  'reactivate',
  're-enable a Stars subscription the person canceled',
  `The person re-enables a subscription they canceled, before its period ends: it renews again. The
bot gets a subscription update (state "active"). Refused when the bot canceled it
(editUserStarSubscription) and has not allowed it again. Prints the subscription now.`,
);
