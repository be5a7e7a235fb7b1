/**
 * `parley fault add`, `parley fault list`, `parley fault clear`: fault rules (ADR 0058) through
 * `POST /control/faults`, `GET /control/faults`, `POST /control/faults/clear`.
 */
import { integerOption, parseCommandArgs, refArgument, type Command } from '../command.js';
import { usageError } from '../cli-error.js';
import { printResult } from '../output.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { FaultRule } from '../../wire/control-types.js';

// Hand-written: a fault's scope is an object of the wire (bot, gateway account or webhook) given as three flags.
const SCOPE_OPTIONS = {
  ...CLIENT_OPTIONS,
  bot: { type: 'string' },
  'gateway-account': { type: 'string' },
  webhook: { type: 'boolean' },
} as const;

// Hand-written: the rule's answer and its timing are nested objects of the wire, flattened into flags.
const ADD_OPTIONS = {
  ...SCOPE_OPTIONS,
  method: { type: 'string' },
  status: { type: 'string' },
  description: { type: 'string' },
  'retry-after': { type: 'string' },
  error: { type: 'string' },
  'latency-ms': { type: 'string' },
  drop: { type: 'boolean' },
  times: { type: 'string' },
  'for-seconds': { type: 'string' },
  probability: { type: 'string' },
  seed: { type: 'string' },
} as const;

const SCOPE_HELP = `Scope (one of):
  --bot @BOT_USERNAME        the bot's Bot API calls (an id or @username)
  --bot @BOT --webhook       webhook delivery to the bot
  --gateway-account ID       the gateway account's calls`;

/** `fault 3: bot_api 7000 sendmessage status 429 retry_after 1, times 2 (0 counted)` */
export function formatFault(rule: FaultRule): string {
  const effect = [
    rule.status !== undefined ? `status ${rule.status}` : '',
    rule.error ? `error ${rule.error}` : '',
    rule.retry_after !== undefined ? `retry_after ${rule.retry_after}` : '',
    rule.latency_ms !== undefined ? `latency ${rule.latency_ms} ms` : '',
    rule.drop ? 'drop' : '',
  ].filter(Boolean);
  const duration = [
    rule.times !== undefined ? `times ${rule.times}` : '',
    rule.until !== undefined ? `until ${rule.until}` : '',
    rule.probability !== undefined ? `probability ${rule.probability} seed ${rule.seed ?? 0}` : '',
  ].filter(Boolean);
  const counted = rule.calls !== undefined ? ` (${rule.calls} counted)` : '';
  return (
    `fault ${rule.id}: ${rule.surface} ${rule.target_id} ${rule.method ?? 'every method'} ` +
    `${effect.join(' ')}${duration.length > 0 ? `, ${duration.join(', ')}` : ''}${counted}`
  );
}

function scopeOf(values: { bot?: string; 'gateway-account'?: string; webhook?: boolean }, command: string) {
  const scope: { bot?: number | string; gateway_account?: number; webhook?: boolean } = {};
  if (values.bot !== undefined) scope.bot = refArgument(values.bot);
  const account = integerOption(values['gateway-account'], '--gateway-account', command, 1);
  if (account !== undefined) scope.gateway_account = account;
  if (values.webhook) scope.webhook = true;
  return scope;
}

export const faultAddCommand: Command = {
  name: 'fault add',
  summary: 'make calls fail on purpose (an error, latency or a dropped connection)',
  help: `Usage: parley fault add --bot @BOT_USERNAME [--method NAME] --status CODE [--retry-after S] [--times N] [--json]

Adds a fault rule and prints it. A matching call is answered before its method runs (it changes
nothing): with --status an error (429 is "Too Many Requests: retry after S" with retry_after),
with --latency-ms after a wait, with --drop by closing the connection. Without --times,
--for-seconds or --probability the rule stays until \`parley fault clear\`.

${SCOPE_HELP}

Options:
  --method NAME              only this method (Bot API or gateway)
  --status CODE              the HTTP status of the error (400-599)
  --description TEXT         Bot API: the error's description (its prefix is added)
  --retry-after S            seconds: 429's retry_after, FLOOD_WAIT_S, a webhook's Retry-After
  --error CODE               gateway: the error code (FLOOD_WAIT_5, PHONE_NUMBER_NOT_AVAILABLE)
  --latency-ms MS            wait first (alone: the call then runs)
  --drop                     close the connection without an answer
  --times N                  the next N matching calls only
  --for-seconds S            for S seconds of virtual time
  --probability P --seed N   fault a matching call with chance P, drawn from the seed (deterministic)

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, ADD_OPTIONS);
    const name = this.name;
    const int = (flag: keyof typeof ADD_OPTIONS, min: number) =>
      integerOption(values[flag] as string | undefined, `--${flag}`, name, min);
    const params: Record<string, unknown> = { ...scopeOf(values, name) };
    if (params.bot === undefined && params.gateway_account === undefined) {
      throw usageError('give --bot or --gateway-account', name);
    }
    if (values.method !== undefined) params.method = values.method;
    const fields: Array<[keyof typeof ADD_OPTIONS, string, number]> = [
      ['status', 'status', 100],
      ['retry-after', 'retry_after', 0],
      ['latency-ms', 'latency_ms', 1],
      ['times', 'times', 1],
      ['for-seconds', 'for_seconds', 1],
      ['seed', 'seed', 0],
    ];
    for (const [flag, field, min] of fields) {
      const value = int(flag, min);
      if (value !== undefined) params[field] = value;
    }
    if (values.description !== undefined) params.description = values.description;
    if (values.error !== undefined) params.error = values.error;
    if (values.drop) params.drop = true;
    if (values.probability !== undefined) {
      const p = Number(values.probability);
      if (!Number.isFinite(p) || p < 0 || p > 1) {
        throw usageError(`--probability must be a number from 0 to 1, not "${values.probability}"`, name);
      }
      params.probability = p;
    }
    const rule = await withClient(values, ctx, (client) => client.addFault(params));
    printResult(ctx, values.json, rule, formatFault);
    return 0;
  },
};

export const faultListCommand: Command = {
  name: 'fault list',
  summary: 'list the fault rules in force',
  help: `Usage: parley fault list [--bot @BOT_USERNAME [--webhook] | --gateway-account ID] [--json]

Prints the fault rules in force (of the scope when given), oldest first.

${SCOPE_HELP}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, SCOPE_OPTIONS);
    const scope = scopeOf(values, this.name);
    const rules = await withClient(values, ctx, (client) => client.listFaults(scope));
    printResult(ctx, values.json, rules, (list) =>
      list.length === 0 ? 'no faults' : list.map(formatFault).join('\n'),
    );
    return 0;
  },
};

export const faultClearCommand: Command = {
  name: 'fault clear',
  summary: 'remove fault rules',
  help: `Usage: parley fault clear --bot @BOT_USERNAME [--json]

Removes the fault rules of the scope (every rule with --all) and prints how many were removed.

${SCOPE_HELP}
  --all                      every rule

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const { values } = parseCommandArgs(this.name, args, { ...SCOPE_OPTIONS, all: { type: 'boolean' } });
    const scope = scopeOf(values, this.name);
    if (scope.bot === undefined && scope.gateway_account === undefined && !values.all) {
      throw usageError('give --bot, --gateway-account or --all', this.name);
    }
    const cleared = await withClient(values, ctx, (client) => client.clearFaults(scope));
    printResult(ctx, values.json, cleared, (c) => `removed ${c.removed} fault${c.removed === 1 ? '' : 's'}`);
    return 0;
  },
};
