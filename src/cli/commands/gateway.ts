/**
 * `parley gateway ...`: the Verification Gateway through the control API (docs/control-api.md,
 * "Gateway and devices"). `gateway account` and `gateway channel` take a verb as their first
 * argument (`parley gateway account create ...`), since command names have at most two words.
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
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import { waitUntil } from '../wait-until.js';
import type {
  CreatedGatewayAccount,
  DeliveryLog,
  GatewayAccount,
  LedgerEntry,
  ReceivedCode,
  SenderChannel,
  VerificationInboxEntry,
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

function formatCode(code: ReceivedCode): string {
  const sender = code.sender_username ? ` from @${code.sender_username}` : '';
  return `code ${code.code} for ${code.phone_number}${sender} (request ${code.request_id})`;
}

function formatInboxEntry(entry: VerificationInboxEntry): string {
  const code = entry.code ? `code ${entry.code}` : 'message removed';
  const verification = entry.verification_status ? `, ${entry.verification_status}` : '';
  const sender = entry.sender_username ? ` from @${entry.sender_username}` : '';
  return `request ${entry.request_id}${sender}: ${code} [${entry.delivery_status}${verification}]`;
}

function formatChannel(channel: SenderChannel): string {
  return `channel @${channel.username} ${channel.id} (${channel.title})${channel.verified ? ' verified' : ' not verified'}`;
}

/** The delivery status a report carries (`sent`, `delivered`, `read`, `expired`, `revoked`). */
function reportedStatus(body: string): string {
  try {
    const status = (JSON.parse(body) as { delivery_status?: { status?: unknown } }).delivery_status?.status;
    return typeof status === 'string' ? status : 'unknown';
  } catch {
    return 'unknown';
  }
}

export function formatLog(log: DeliveryLog): string {
  const attempts = log.attempts.map((a) => {
    const result = a.status_code !== undefined ? `HTTP ${a.status_code}` : (a.error ?? '');
    const status = reportedStatus(a.body);
    return `report ${a.request_id} ${status} attempt ${a.attempt} ${a.outcome} (${result}) ${a.url}`;
  });
  const pending = log.pending.map(
    (p) =>
      `pending ${p.request_id} ${reportedStatus(p.body)} after ${p.attempts} attempts, next at ${p.next_attempt_date}`,
  );
  const lines = [...attempts, ...pending];
  return lines.length === 0 ? 'no reports' : lines.join('\n');
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

// Hand-written: it polls the inbox until a code arrives (a loop over a route, not one call).
const WAIT_OPTIONS = {
  ...CLIENT_OPTIONS,
  phone: { type: 'string' },
  timeout: { type: 'string' },
  'request-id': { type: 'string' },
} as const;

/** The person of `gateway wait-code|inbox|read`: PHONE, or `--phone PHONE` as in earlier versions. */
function phoneOf(command: string, positional: string | undefined, option: string | undefined) {
  return refArgument(subjectArgument(positional, option, 'PHONE', '--phone', command));
}

const PHONE_HELP = `PHONE is the person's phone number (+15550001), user id or @username (also accepted as
--phone PHONE, the form of earlier versions).`;

export const gatewayWaitCodeCommand: Command = {
  name: 'gateway wait-code',
  summary: 'wait for the next verification code a phone number receives',
  help: `Usage: parley gateway wait-code PHONE [--request-id REQUEST_ID] [--timeout SECONDS] [--json]

Waits for the next verification code sent to the person and prints it:
code <code> for <phone> (request <request_id>); --json prints request_id, code, ...
Each code is returned once, also one sent before the wait began.
Exits with code 1 (WAIT_TIMEOUT) if none arrives in time.
${PHONE_HELP}

Options:
  --request-id REQUEST_ID
                       the code of this request (the request_id that sendVerificationMessage
                       answered); codes of other requests that arrive first are passed over
  --timeout SECONDS    how long to wait, at most 300 (default 10)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values, positionals } = parseCommandArgs(this.name, args, WAIT_OPTIONS, ['PHONE?']);
    const phone = phoneOf(this.name, positionals[0], values.phone);
    const timeout = integerOption(values.timeout, '--timeout', this.name, 0);
    const requestId = values['request-id'];
    const code = await withClient(values, ctx, (client) =>
      requestId === undefined
        ? client.waitForCode({ phone, timeout })
        : waitUntil(
            timeout,
            (seconds) => client.waitForCode({ phone, timeout: seconds }),
            (received) => received.request_id === requestId,
            `no code of request ${requestId} reached ${phone}`,
          ),
    );
    printResult(ctx, values.json, code, formatCode);
    return 0;
  },
};

/** PHONE, or --phone PHONE as in earlier versions. */
const PHONE_SUBJECT = { subject: 'phone', subjectOption: true } as const;
const INBOX = routeCli('getVerificationInbox', PHONE_SUBJECT);
const INBOX_OPTIONS = { ...CLIENT_OPTIONS, ...INBOX.options } as const;
const READ = routeCli('markVerificationRead', {
  ...PHONE_SUBJECT,
  flags: { request_id: 'request' },
  metavars: { request_id: 'REQUEST_ID' },
});
const READ_OPTIONS = { ...CLIENT_OPTIONS, ...READ.options } as const;

export const gatewayInboxCommand: Command = {
  name: 'gateway inbox',
  summary: 'list the verification messages a phone number received',
  options: INBOX_OPTIONS,
  routes: [INBOX],
  help: `Usage: parley gateway inbox PHONE [--json]

Prints the verification messages sent to the person, oldest first:
request <request_id>: code <code> [<delivery status>, <verification status>].
A revoked or expired message no longer shows its code.
${PHONE_HELP}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, INBOX_OPTIONS, INBOX.positionals);
    const { values } = parsed;
    const { phone } = await INBOX.params(parsed, this.name);
    const entries = await withClient(values, ctx, (client) => client.getVerificationInbox(phone));
    printResult(ctx, values.json, entries, (list) =>
      list.length === 0 ? 'no messages' : list.map(formatInboxEntry).join('\n'),
    );
    return 0;
  },
};

export const gatewayReadCommand: Command = {
  name: 'gateway read',
  summary: 'read a verification message as the person (its status becomes read)',
  options: READ_OPTIONS,
  routes: [READ],
  help: `Usage: parley gateway read PHONE [--request REQUEST_ID] [--json]

The person reads the verification message of that request (default: the newest unread one) on an
online device. Fails with NO_ONLINE_DEVICE when all their devices are offline.
${PHONE_HELP}

Options:
${READ.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, READ_OPTIONS, READ.positionals);
    const { values } = parsed;
    const params = await READ.params(parsed, this.name);
    const entry = await withClient(values, ctx, (client) => client.markVerificationRead(params));
    printResult(ctx, values.json, entry, formatInboxEntry);
    return 0;
  },
};

const LOG = routeCli('getDeliveryLog', {
  flags: { request_id: 'request' },
  metavars: { account: 'ID', request_id: 'REQUEST_ID' },
});
const LOG_OPTIONS = { ...CLIENT_OPTIONS, ...LOG.options } as const;

export const gatewayLogCommand: Command = {
  name: 'gateway log',
  summary: 'show the delivery log of reports to callback URLs',
  options: LOG_OPTIONS,
  routes: [LOG],
  help: `Usage: parley gateway log [--account ID] [--request REQUEST_ID] [--limit N] [--json]

Prints every attempt to deliver a report (outcome delivered, failed or lost, with the HTTP status
or error) and the reports still waiting for a retry. --json includes the bodies and the
X-Request-Timestamp and X-Request-Signature sent.

Options (filters; without them, every account's reports):
${LOG.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, LOG_OPTIONS);
    const { values } = parsed;
    const params = await LOG.params(parsed, this.name);
    const log = await withClient(values, ctx, (client) => client.getDeliveryLog(params));
    printResult(ctx, values.json, log, formatLog);
    return 0;
  },
};
