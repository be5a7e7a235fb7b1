/**
 * `parley gateway ...`: the Verification Gateway through the control API (docs/control-api.md,
 * "Gateway and devices"). `gateway account` and `gateway channel` take a verb as their first
 * argument (`parley gateway account create ...`), since command names have at most two words. A
 * person's side (wait-code, inbox, read) and the delivery log are in gateway-inbox.ts.
 */
import { usageError } from '../cli-error.js';
import {
  integerOption,
  parseCommandArgs,
  refArgument,
  requireOption,
  subjectArgument,
  type CliContext,
  type Command,
} from '../command.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type {
  CreatedGatewayAccount,
  GatewayAccount,
  LedgerEntry,
  SenderChannel,
} from '../../testkit/index.js';

/** `account 3 owner +15550001 balance 9.99 price 0.01 (+44: 0.02)`, and the token once. */
function formatAccount(account: GatewayAccount | CreatedGatewayAccount): string {
  const prices = Object.entries(account.prices).map(([prefix, price]) => `+${prefix}: ${price}`);
  const overrides = prices.length > 0 ? ` (${prices.join(', ')})` : '';
  const line = `account ${account.id} owner ${account.owner.phone_number} balance ${account.balance} price ${account.default_price}${overrides}`;
  return 'access_token' in account ? `${line}\naccess token ${account.access_token} (shown only now)` : line;
}

function formatLedger(entries: LedgerEntry[]): string {
  if (entries.length === 0) return 'no entries';
  return entries
    .map(
      (e) =>
        `${e.kind} ${e.amount > 0 ? '+' : ''}${e.amount} -> ${e.balance_after}${e.request_id ? ` (request ${e.request_id})` : ''}`,
    )
    .join('\n');
}

function formatChannel(channel: SenderChannel): string {
  return `channel @${channel.username} ${channel.id} (${channel.title})${channel.verified ? ' verified' : ' not verified'}`;
}

/** Runs the verb given as the first argument of a two-word command. */
async function runVerb(
  command: Command,
  args: string[],
  ctx: CliContext,
  verbs: Record<string, (args: string[], ctx: CliContext) => Promise<number>>,
): Promise<number> {
  const [verb, ...rest] = args;
  const run = verb === undefined ? undefined : verbs[verb];
  if (!run) {
    const names = Object.keys(verbs).join(', ');
    throw usageError(
      verb === undefined
        ? `"${command.name}" needs one of: ${names}`
        : `unknown verb "${verb}": use ${names}`,
      command.name,
    );
  }
  return run(rest, ctx);
}

// Hand-written: one table for five verbs (five routes); --country CODE=CREDITS is a map of the wire.
const ACCOUNT_OPTIONS = {
  ...CLIENT_OPTIONS,
  owner: { type: 'string' },
  account: { type: 'string' },
  credits: { type: 'string' },
  price: { type: 'string' },
  default: { type: 'string' },
  country: { type: 'string', multiple: true },
  remove: { type: 'string', multiple: true },
  limit: { type: 'string' },
} as const;

export const gatewayAccountCommand: Command = {
  name: 'gateway account',
  summary: 'create, show, top up and price gateway accounts; show their ledger',
  help: `Usage: parley gateway account <create|show|top-up|prices|ledger> [ACCOUNT] [options] [--json]

  create --owner USER [--credits N] [--price CREDITS]
                       creates an account and prints it with its access token (shown only now);
                       --json prints id, access_token, balance, ...
  show ACCOUNT         the balance and prices
  top-up ACCOUNT --credits N
  prices ACCOUNT [--default CREDITS] [--country CODE=CREDITS ...] [--remove CODE ...]
                       the default price per message and per country calling code
  ledger ACCOUNT [--limit N]
                       top-ups, charges and refunds, oldest first

ACCOUNT is the account's id (also accepted as --account ID, the form of earlier versions).
USER, the owner, is a phone number (+15550001), a user id or @username.
Amounts are credits, e.g. 10 or 0.01.

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const name = this.name;
    const parse = (rest: string[], positionals: string[] = ['ACCOUNT?']) =>
      parseCommandArgs(name, rest, ACCOUNT_OPTIONS, positionals);
    const accountOf = ({ values, positionals }: ReturnType<typeof parse>) => {
      const id = subjectArgument(positionals[0], values.account, 'ACCOUNT', '--account', name);
      return integerOption(id, 'ACCOUNT', name, 1)!;
    };
    return runVerb(this, args, ctx, {
      async create(rest) {
        const { values } = parse(rest, []);
        const owner = refArgument(requireOption(values.owner, '--owner', name));
        const account = await withClient(values, ctx, (client) =>
          client.createGatewayAccount({ owner, credits: values.credits, default_price: values.price }),
        );
        printResult(ctx, values.json, account, formatAccount);
        return 0;
      },
      async show(rest) {
        const parsed = parse(rest);
        const account = await withClient(parsed.values, ctx, (client) =>
          client.getGatewayAccount(accountOf(parsed)),
        );
        printResult(ctx, parsed.values.json, account, formatAccount);
        return 0;
      },
      async 'top-up'(rest) {
        const parsed = parse(rest);
        const { values } = parsed;
        const credits = requireOption(values.credits, '--credits', name);
        const account = await withClient(values, ctx, (client) =>
          client.topUpGatewayAccount(accountOf(parsed), credits),
        );
        printResult(ctx, values.json, account, formatAccount);
        return 0;
      },
      async prices(rest) {
        const parsed = parse(rest);
        const { values } = parsed;
        const prices: Record<string, string | null> = {};
        for (const pair of values.country ?? []) {
          const match = /^\+?(\d+)=(.+)$/.exec(pair);
          if (!match) throw usageError(`--country takes CODE=CREDITS, not "${pair}"`, name);
          prices[match[1]!] = match[2]!;
        }
        for (const code of values.remove ?? []) prices[code.replace(/^\+/, '')] = null;
        const account = await withClient(values, ctx, (client) =>
          client.setGatewayPrices(accountOf(parsed), { default_price: values.default, prices }),
        );
        printResult(ctx, values.json, account, formatAccount);
        return 0;
      },
      async ledger(rest) {
        const parsed = parse(rest);
        const { values } = parsed;
        const limit = integerOption(values.limit, '--limit', name, 1);
        const entries = await withClient(values, ctx, (client) =>
          client.getGatewayLedger(accountOf(parsed), limit),
        );
        printResult(ctx, values.json, entries, formatLedger);
        return 0;
      },
    });
  },
};

// Hand-written: one table for the verbs of `gateway channel`, each its own route.
const CHANNEL_OPTIONS = {
  ...CLIENT_OPTIONS,
  owner: { type: 'string' },
  username: { type: 'string' },
  title: { type: 'string' },
  verified: { type: 'boolean' },
  undo: { type: 'boolean' },
} as const;

export const gatewayChannelCommand: Command = {
  name: 'gateway channel',
  summary: 'create and verify channels that send codes (sender_username)',
  help: `Usage: parley gateway channel <create|verify> [options] [--json]

  create --owner USER --username NAME [--title TITLE] [--verified]
                       a channel created by that person (the account owner sends from it)
  verify NAME [--undo] marks the channel @NAME verified (or, with --undo, not verified);
                       NAME is also accepted as --username NAME, the form of earlier versions

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const name = this.name;
    return runVerb(this, args, ctx, {
      async create(rest) {
        const { values } = parseCommandArgs(name, rest, CHANNEL_OPTIONS);
        const params = {
          owner: refArgument(requireOption(values.owner, '--owner', name)),
          username: requireOption(values.username, '--username', name),
          ...(values.title !== undefined ? { title: values.title } : {}),
          ...(values.verified ? { verified: true } : {}),
        };
        const channel = await withClient(values, ctx, (client) => client.createSenderChannel(params));
        printResult(ctx, values.json, channel, formatChannel);
        return 0;
      },
      async verify(rest) {
        const { values, positionals } = parseCommandArgs(name, rest, CHANNEL_OPTIONS, ['NAME?']);
        const username = subjectArgument(positionals[0], values.username, 'NAME', '--username', name);
        const channel = await withClient(values, ctx, (client) =>
          client.verifySenderChannel(username, !values.undo),
        );
        printResult(ctx, values.json, channel, formatChannel);
        return 0;
      },
    });
  },
};
