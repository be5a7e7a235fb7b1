/**
 * `parley fault add`, `parley fault list`, `parley fault clear`: fault rules (ADR 0058) through
 * `POST /control/faults`, `GET /control/faults`, `POST /control/faults/clear`.
 */
import { parseCommandArgs, type Command } from '../command.js';
import { usageError } from '../cli-error.js';
import { printResult } from '../output.js';
import { routeHelp } from '../route-help.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import type { FaultRule } from '../../wire/control-types.js';

/** The scope (a bot, its webhook or a gateway account): one of them, checked here. */
const SCOPE_NAMES = { metavars: { gateway_account: 'ID' } } as const;

const ADD = routeCli('addFault', {
  metavars: {
    ...SCOPE_NAMES.metavars,
    method: 'NAME',
    status: 'CODE',
    description: 'TEXT',
    retry_after: 'S',
    error: 'CODE',
    latency_ms: 'MS',
    for_seconds: 'S',
    until: 'UNIX',
    probability: 'P',
  },
});
const ADD_OPTIONS = { ...CLIENT_OPTIONS, ...ADD.options } as const;

const LIST = routeCli('listFaults', SCOPE_NAMES);
const LIST_OPTIONS = { ...CLIENT_OPTIONS, ...LIST.options } as const;

/** --all (every rule) is the command's own: the route clears every rule when given nothing. */
const CLEAR = routeCli('clearFaults', SCOPE_NAMES);
const CLEAR_OPTIONS = { ...CLIENT_OPTIONS, ...CLEAR.options, all: { type: 'boolean' } } as const;

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

export const faultAddCommand: Command = {
  name: 'fault add',
  summary: 'make calls fail on purpose (an error, latency or a dropped connection)',
  options: ADD_OPTIONS,
  routes: [ADD],
  help: `Usage: parley fault add --bot @BOT_USERNAME [--method NAME] --status CODE [--retry-after S] [--times N] [--json]

Adds a fault rule and prints it. A matching call is answered before its method runs (it changes
nothing): with --status an error (429 is "Too Many Requests: retry after S" with retry_after),
with --latency-ms after a wait, with --drop by closing the connection. Without --times,
--for-seconds or --probability the rule stays until \`parley fault clear\`.

The scope is --bot (its Bot API calls, or with --webhook its webhook's deliveries) or
--gateway-account.

Options:
${ADD.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, ADD_OPTIONS);
    const { values } = parsed;
    const params = await ADD.params(parsed, this.name);
    if (params.bot === undefined && params.gateway_account === undefined) {
      throw usageError('give --bot or --gateway-account', this.name);
    }
    const rule = await withClient(values, ctx, (client) => client.addFault(params));
    printResult(ctx, values.json, rule, formatFault);
    return 0;
  },
};

export const faultListCommand: Command = {
  name: 'fault list',
  summary: 'list the fault rules in force',
  options: LIST_OPTIONS,
  routes: [LIST],
  help: `Usage: parley fault list [--bot @BOT_USERNAME [--webhook] | --gateway-account ID] [--json]

Prints the fault rules in force (of the scope when given), oldest first.

Options:
${LIST.help}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, LIST_OPTIONS);
    const { values } = parsed;
    const params = await LIST.params(parsed, this.name);
    const rules = await withClient(values, ctx, (client) => client.listFaults(params));
    printResult(ctx, values.json, rules, (list) =>
      list.length === 0 ? 'no faults' : list.map(formatFault).join('\n'),
    );
    return 0;
  },
};

export const faultClearCommand: Command = {
  name: 'fault clear',
  summary: 'remove fault rules',
  options: CLEAR_OPTIONS,
  routes: [CLEAR],
  help: `Usage: parley fault clear (--bot @BOT_USERNAME [--webhook] | --gateway-account ID | --id N | --all) [--json]

Removes the fault rules of the scope (every rule with --all) and prints how many were removed.

Options:
${routeHelp([CLEAR], [['--all', 'every rule']])}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, CLEAR_OPTIONS);
    const { values } = parsed;
    const params = await CLEAR.params(parsed, this.name);
    const scoped =
      params.bot !== undefined || params.gateway_account !== undefined || params.id !== undefined;
    if (!scoped && !values.all) throw usageError('give --bot, --gateway-account, --id or --all', this.name);
    const cleared = await withClient(values, ctx, (client) => client.clearFaults(params));
    printResult(ctx, values.json, cleared, (c) => `removed ${c.removed} fault${c.removed === 1 ? '' : 's'}`);
    return 0;
  },
};
