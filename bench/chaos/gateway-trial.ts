/**
 * A gateway trial: an account whose balance pays for `budget` messages, a burst of charged calls
 * from concurrent senders (more calls than the balance pays for) across one SIGKILL and restart,
 * then the books are checked against what the calls were answered.
 *
 * The calls, drawn per send: two in three are sendVerificationMessage without request_id (charged);
 * one in three is checkSendAbility (charged, answers a request_id) followed by sendVerificationMessage
 * with that request_id (free), the latter tried again after the restart when the kill left it
 * unanswered, as a client would; it must then answer 200 or MESSAGE_ALREADY_SENT, never charge.
 *
 * - acknowledged: a charged call (either kind) answered 200 with its request_id.
 * - lost: an acknowledged request without its charge in the ledger, or unknown to
 *   checkVerificationStatus after the restart. A defect.
 * - charged twice: a request_id with more than one charge in the ledger. A defect.
 * - charged unanswered: a charge of a call that got no answer (in flight at the kill): the call
 *   committed before the kill, its answer was lost with the process. Allowed, reported.
 * - balance check: the account's balance equals the initial top-up plus every ledger amount
 *   (charges negative, refunds positive), each entry's balance_after is the previous one's plus its
 *   amount, the last one equals the balance, and no balance is below 0 (no overdraft).
 */
import { createPeople, freshServerTrial } from './fresh-server-trial.js';
import { drawKillPlan, runBurst } from './run-burst.js';
import type { GatewayCounts, TrialContext, TrialResult } from './trial.js';

const PEOPLE = 8;
const PRICE_UNITS = 10_000; // the default price, 0.01 credit, in units of 10^-6 credit
/** The ledger route answers at most this many entries; a trial must fit in one answer. */
const LEDGER_LIMIT = 1000;
/** The most requests a trial may make: its budget (3/4 of them) and the top-up fit in the ledger. */
export const MAX_REQUESTS = Math.floor(((LEDGER_LIMIT - 1) * 4) / 3);

interface GatewayAnswer {
  status: number;
  body: { ok: boolean; result?: { request_id: string; request_cost: number }; error?: string };
}

/** What a send came to: the charged request it made (acknowledged), or the error it was answered. */
type Outcome = { requestId: string; note?: string } | { error: string };

const units = (credits: number) => Math.round(credits * 1e6);

export function gatewayTrial(ctx: TrialContext): Promise<TrialResult> {
  const { random, sends } = ctx;
  const budget = Math.floor(sends * 0.75);
  const killPlan = drawKillPlan(random, budget);
  const plan = Array.from({ length: sends }, () => ({
    to: random.int(0, PEOPLE),
    reserve: random.int(0, 3) === 0,
  }));

  return freshServerTrial(ctx, killPlan, async (server, control, notes) => {
    const [owner, ...people] = await createPeople(control, 1 + PEOPLE);
    const initial = budget * PRICE_UNITS;
    const account = await control.createGatewayAccount({ owner: owner!, credits: initial / 1e6 });
    const call = async (method: string, params: Record<string, unknown>): Promise<GatewayAnswer> => {
      const response = await fetch(`${server.origin}/gateway/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.access_token}` },
        body: JSON.stringify(params),
      });
      return { status: response.status, body: (await response.json()) as GatewayAnswer['body'] };
    };

    const send = async (index: number): Promise<Outcome> => {
      const phone = people[plan[index]!.to]!;
      if (!plan[index]!.reserve) {
        const answer = await call('sendVerificationMessage', { phone_number: phone, code_length: 4 });
        return answer.body.ok ? { requestId: answer.body.result!.request_id } : { error: answer.body.error! };
      }
      const reserved = await call('checkSendAbility', { phone_number: phone });
      if (!reserved.body.ok) return { error: reserved.body.error! };
      const requestId = reserved.body.result!.request_id;
      // The free send that uses the reservation: a kill may leave it unanswered, then it is tried again.
      for (let attempt = 1; ; attempt++) {
        await server.up();
        try {
          const sent = await call('sendVerificationMessage', {
            phone_number: phone,
            request_id: requestId,
            code_length: 4,
          });
          if (sent.body.ok || (attempt > 1 && sent.body.error === 'MESSAGE_ALREADY_SENT'))
            return { requestId };
          return {
            requestId,
            note: `the send with a reserved request_id answered ${sent.body.error}`,
          };
        } catch (error) {
          if (attempt > 1) throw error;
        }
      }
    };
    const burst = await runBurst(ctx, server, killPlan, {
      send,
      acknowledges: (outcome) => 'requestId' in outcome,
    });

    const acknowledged = new Set<string>();
    const refused = new Map<string, number>();
    for (const outcome of burst.answered.values()) {
      if ('requestId' in outcome) acknowledged.add(outcome.requestId);
      const note = 'requestId' in outcome ? outcome.note : outcome.error;
      if (note !== undefined && note !== 'BALANCE_NOT_ENOUGH')
        refused.set(note, (refused.get(note) ?? 0) + 1);
    }
    for (const [note, count] of refused) notes.push(`${count} call(s): ${note}`);
    // An account the restart lost has no ledger: every acknowledged request is then lost.
    const books = await Promise.all([
      control.getGatewayLedger(account.id, LEDGER_LIMIT),
      control.getGatewayAccount(account.id),
    ]).catch((error: unknown) => {
      notes.push(`the account cannot be read after the restart: ${String(error)}`);
      return [[], { balance: Number.NaN }] as const;
    });
    const [ledger, { balance }] = books;
    const charges = new Map<string, number>();
    for (const entry of ledger) {
      if (entry.kind === 'charge') charges.set(entry.request_id!, (charges.get(entry.request_id!) ?? 0) + 1);
    }
    let lost = 0;
    for (const requestId of acknowledged) {
      const status = await call('checkVerificationStatus', { request_id: requestId });
      if (!charges.has(requestId) || !status.body.ok) {
        lost += 1;
        if (lost <= 5)
          notes.push(
            `request ${requestId} was acknowledged, but ${charges.has(requestId) ? 'checkVerificationStatus answers ' + status.body.error : 'the ledger has no charge of it'}`,
          );
      }
    }
    const chargedTwice = [...charges].filter(([, count]) => count > 1);
    for (const [requestId, count] of chargedTwice.slice(0, 5))
      notes.push(`request ${requestId} was charged ${count} times`);
    const balanceProblem = checkBooks(ledger, initial, units(balance));
    if (balanceProblem) notes.push(balanceProblem);
    const counts: GatewayCounts = {
      acknowledged: acknowledged.size,
      charges: [...charges.values()].reduce((a, b) => a + b, 0),
      lost,
      chargedTwice: chargedTwice.length,
      chargedUnanswered: [...charges.keys()].filter((id) => !acknowledged.has(id)).length,
      balanceOk: balanceProblem === undefined,
    };
    return {
      ackedAtKill: burst.ackedAtKill,
      gateway: counts,
      failed: lost > 0 || chargedTwice.length > 0 || !counts.balanceOk,
    };
  });
}

/** The balance check of the file header; undefined when the books agree. */
function checkBooks(
  ledger: ReadonlyArray<{ kind: string; amount: number; balance_after: number }>,
  initial: number,
  balance: number,
): string | undefined {
  const first = ledger[0];
  if (!first || first.kind !== 'top_up' || units(first.amount) !== initial) {
    return `the ledger does not start with the top-up of ${initial / 1e6}`;
  }
  let running = 0;
  for (const [i, entry] of ledger.entries()) {
    running += units(entry.amount);
    if (units(entry.balance_after) !== running) {
      return `ledger entry ${i} (${entry.kind}) says balance ${entry.balance_after}, its amounts add up to ${running / 1e6}`;
    }
    if (running < 0) return `ledger entry ${i} leaves the balance at ${running / 1e6}`;
  }
  if (running !== balance) return `the balance is ${balance / 1e6}, the ledger adds up to ${running / 1e6}`;
  return undefined;
}
