/**
 * A polling or webhook trial: a bot and a few people on a fresh Parley, a burst of messages from the
 * people to the bot (`POST /control/messages`, each with a unique text) across one SIGKILL and
 * restart, a consumer of the bot's updates running throughout, and the verdict of DeliveryTally.
 */
import { ControlApiError } from '../../src/testkit/index.js';
import { waitFor } from '../../test/helpers/wait-for.js';
import { DeliveryTally } from './delivery-tally.js';
import { createPeople, freshServerTrial } from './fresh-server-trial.js';
import type { KillableParley } from './killable-parley.js';
import { drawKillPlan, runBurst } from './run-burst.js';
import type { TrialContext, TrialResult } from './trial.js';

export interface UpdateConsumer {
  /** Starts consuming the bot's updates (in the background). */
  begin(): Promise<void>;
  /** Whether the server holds no update of the bot any more; hands what the consumer read to the tally. */
  settled(): Promise<boolean>;
  /** Stops consuming; answers notes on what it saw (errors while the server ran, redeliveries). */
  end(): Promise<string[]>;
}

export type ConsumerFactory = (server: KillableParley, token: string, tally: DeliveryTally) => UpdateConsumer;

const PEOPLE = 8;

export function messageTrial(ctx: TrialContext, makeConsumer: ConsumerFactory): Promise<TrialResult> {
  const { random, sends } = ctx;
  const plan = drawKillPlan(random, sends);
  const senders = Array.from({ length: sends }, () => random.int(0, PEOPLE));

  return freshServerTrial(ctx, plan, async (server, control, notes) => {
    const bot = await control.createBot({ username: `chaos_${ctx.mode}_bot` });
    const people = await createPeople(control, PEOPLE);
    const tally = new DeliveryTally();
    const consumer = makeConsumer(server, bot.token, tally);
    await consumer.begin();
    let ended = false;
    try {
      const text = (index: number) => `chaos ${ctx.mode} ${ctx.trial} #${index}`;
      const burst = await runBurst(ctx, server, plan, {
        send: (index) =>
          control
            .sendMessage({ from: people[senders[index]!]!, chat: `@${bot.username}`, text: text(index) })
            .then(
              () => 'ok',
              (error: unknown) => {
                if (error instanceof ControlApiError) return `${error.status} ${error.error}`;
                throw error;
              },
            ),
        acknowledges: (answer) => answer === 'ok',
      });
      const refused = new Map<string, number>();
      for (let index = 0; index < sends; index++) {
        const answer = burst.answered.get(index);
        tally.sent(text(index), answer === 'ok' ? 'acknowledged' : answer ? 'rejected' : 'unanswered');
        if (answer && answer !== 'ok') refused.set(answer, (refused.get(answer) ?? 0) + 1);
      }
      for (const [answer, count] of refused) notes.push(`${count} send(s) were refused: ${answer}`);

      try {
        // settled() first: it also hands the consumer's latest receipts to the tally.
        await waitFor(async () => (await consumer.settled()) && tally.missing().length === 0, {
          timeoutMs: ctx.settleMs,
          intervalMs: 50,
          what: 'every acknowledged message',
        });
      } catch {
        // What is still missing by now is lost; the counts say so.
      }
      ended = true;
      notes.push(...(await consumer.end()));
      const counts = tally.counts();
      const missing = tally.missing();
      if (missing.length > 0) {
        notes.push(
          `lost ${missing.length}, e.g. ${missing
            .slice(0, 5)
            .map((t) => `"${t}"`)
            .join(', ')}`,
        );
      }
      notes.push(...tally.defects);
      for (const text of tally.unexpected().slice(0, 5)) notes.push(`received "${text}", never sent`);
      return {
        ackedAtKill: burst.ackedAtKill,
        messages: counts,
        failed: counts.lost > 0 || counts.duplicated > 0 || counts.unexpected > 0,
      };
    } finally {
      if (!ended) await consumer.end();
    }
  });
}
