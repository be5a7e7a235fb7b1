/**
 * Faults on demand (ADR 0058): rules that make a bot's Bot API calls, a gateway account's calls or
 * webhook delivery to a bot fail on purpose (an error, latency, a dropped connection) for the next N
 * calls, for a period of virtual time, or with a probability under a seed.
 */
import { bool, int, num, params, ref, route, str } from './dsl.js';
import { MAX_INT32 } from './common.js';

/** The longest latency a rule adds, in milliseconds. */
export const MAX_FAULT_LATENCY_MS = 120_000;

const SCOPE_FIELDS = {
  bot: ref('user', {
    description: "The bot (id or @username): its Bot API calls, or with `webhook` its webhook's deliveries.",
  }),
  gateway_account: int({ min: 1, max: MAX_INT32, description: 'The gateway account: its gateway calls.' }),
  webhook: bool({
    description:
      "With `bot`: webhook delivery to the bot. To add, `bot` alone means the bot's calls; to list or " +
      'clear, `bot` alone means both its calls and its webhook, and `webhook` only the webhook.',
  }),
} as const;

export const FAULTS = {
  addFault: route({
    method: 'POST',
    path: '/faults',
    tag: 'faults',
    summary: 'Add a fault rule',
    description:
      'A matching call is answered before its method runs (it changes nothing). The effect: `status` ' +
      '(and for the Bot API `description`, `retry_after` for 429; for the gateway an `error` code such as ' +
      '`FLOOD_WAIT_5` or `PHONE_NUMBER_NOT_AVAILABLE`), `latency_ms` (alone: the call then runs), or ' +
      '`drop`. The duration: `times` (the next N matching calls, counted atomically across processes), ' +
      '`for_seconds` or `until` (virtual time), `probability` with `seed` (deterministic); they combine, ' +
      'and without any the rule stays until cleared. Rules are checked oldest first.',
    params: params('AddFaultParams', {
      ...SCOPE_FIELDS,
      method: str({
        maxLength: 64,
        description: 'Only this method (any letter case); absent: every method.',
      }),
      status: int({ min: 400, max: 599, description: 'The HTTP status of the error answer.' }),
      description: str({
        maxLength: 256,
        description: "Bot API: the error description (the status's prefix is added, `Bad Request: ...`).",
      }),
      retry_after: int({
        min: 0,
        max: 3600,
        description:
          "Seconds: the Bot API 429's retry_after (default 5), FLOOD_WAIT_n, a webhook's Retry-After.",
      }),
      error: str({
        maxLength: 64,
        description: 'Gateway: the error code (`FLOOD_WAIT_5`, `PHONE_NUMBER_NOT_AVAILABLE`, ...).',
      }),
      latency_ms: int({ min: 1, max: MAX_FAULT_LATENCY_MS, description: 'Milliseconds to wait first.' }),
      drop: bool({ description: 'Close the connection without an answer.' }),
      times: int({ min: 1, max: MAX_INT32, description: 'The next N matching calls only.' }),
      for_seconds: int({
        min: 1,
        max: MAX_INT32,
        description: 'From now, this many seconds of virtual time.',
      }),
      until: int({ min: 1, max: MAX_INT32, description: 'Until this Unix time on the virtual clock.' }),
      probability: num({ min: 0, max: 1, description: 'The chance that a matching call is faulted.' }),
      seed: int({ min: 0, max: MAX_INT32, description: 'The seed of the draws (default 0).' }),
    }),
    result: 'FaultRule',
    answer: 'The rule.',
    errors: [
      'BadRequest',
      {
        status: 404,
        description: 'No such bot or gateway account.',
        codes: ['BOT_NOT_FOUND', 'GATEWAY_ACCOUNT_NOT_FOUND'],
      },
    ],
  }),

  listFaults: route({
    method: 'GET',
    path: '/faults',
    tag: 'faults',
    summary: 'List the fault rules in force',
    params: params('ListFaultsParams', SCOPE_FIELDS),
    result: 'FaultRule[]',
    answer: 'The rules (of the scope when given), oldest first.',
    errors: [
      'BadRequest',
      {
        status: 404,
        description: 'No such bot or gateway account.',
        codes: ['BOT_NOT_FOUND', 'GATEWAY_ACCOUNT_NOT_FOUND'],
      },
    ],
  }),

  clearFaults: route({
    method: 'POST',
    path: '/faults/clear',
    tag: 'faults',
    summary: 'Remove fault rules',
    params: params('ClearFaultsParams', {
      ...SCOPE_FIELDS,
      id: int({ min: 1, max: MAX_INT32, description: 'One rule by its id.' }),
    }),
    result: 'FaultsCleared',
    answer: 'How many rules were removed (every rule when nothing is given).',
    errors: [
      'BadRequest',
      {
        status: 404,
        description: 'No such bot or gateway account.',
        codes: ['BOT_NOT_FOUND', 'GATEWAY_ACCOUNT_NOT_FOUND'],
      },
    ],
  }),
} as const;
