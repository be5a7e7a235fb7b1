/**
 * `parley gateway wait-code|inbox|read` (a person's verification messages) and `parley gateway log`
 * (the delivery reports to callback URLs): the Verification Gateway through the control API
 * (docs/control-api.md, "Gateway and devices").
 */
import { parseCommandArgs, type Command } from '../command.js';
import { printResult } from '../output.js';
import { routeHelp } from '../route-help.js';
import { routeCli } from '../route-options.js';
import { CLIENT_OPTIONS, CLIENT_OPTIONS_HELP, withClient } from '../resolve-server.js';
import { waitUntil } from '../wait-until.js';
import type { DeliveryLog, ReceivedCode, VerificationInboxEntry } from '../../testkit/index.js';

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

/** The person of `gateway wait-code|inbox|read`: PHONE, or `--phone PHONE` as in earlier versions. */
const PHONE_SUBJECT = { subject: 'phone', subjectOption: true } as const;

/** --request-id is the command's own: the wait loops over the route until that request's code comes. */
const WAIT = routeCli('waitForCode', { ...PHONE_SUBJECT, metavars: { timeout: 'SECONDS' } });
const WAIT_OPTIONS = { ...CLIENT_OPTIONS, ...WAIT.options, 'request-id': { type: 'string' } } as const;

const PHONE_HELP = `PHONE is the person's phone number (+15550001), user id or @username (also accepted as
--phone PHONE, the form of earlier versions).`;

export const gatewayWaitCodeCommand: Command = {
  name: 'gateway wait-code',
  summary: 'wait for the next verification code a phone number receives',
  options: WAIT_OPTIONS,
  routes: [WAIT],
  help: `Usage: parley gateway wait-code PHONE [--request-id REQUEST_ID] [--timeout SECONDS] [--json]

Waits for the next verification code sent to the person and prints it:
code <code> for <phone> (request <request_id>); --json prints request_id, code, ...
Each code is returned once, also one sent before the wait began.
Exits with code 1 (WAIT_TIMEOUT) if none arrives in time.
${PHONE_HELP}

Options:
${routeHelp(
  [WAIT],
  [
    [
      '--request-id REQUEST_ID',
      'the code of this request (the request_id that sendVerificationMessage answered); codes of other requests that arrive first are passed over',
    ],
  ],
)}

${CLIENT_OPTIONS_HELP}`,
  async run(args, ctx) {
    const parsed = parseCommandArgs(this.name, args, WAIT_OPTIONS, WAIT.positionals);
    const { values } = parsed;
    const params = await WAIT.params(parsed, this.name);
    const { phone, timeout } = params;
    const requestId = values['request-id'];
    const code = await withClient(values, ctx, (client) =>
      requestId === undefined
        ? client.waitForCode(params)
        : waitUntil(
            timeout,
            (seconds) => client.waitForCode({ ...params, timeout: seconds }),
            (received) => received.request_id === requestId,
            `no code of request ${requestId} reached ${phone}`,
          ),
    );
    printResult(ctx, values.json, code, formatCode);
    return 0;
  },
};

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
