/**
 * Scenario 5: the peer, `telegram-test-api` (RAM storage), through the same client: `sendMessage`
 * throughput with 50 connections and the round trip of a user message to the bot's getUpdates, each
 * measured side by side (alternating rounds) with a Parley started for this scenario; the webhook
 * round trip beside scenario 2's figure.
 *
 * The peer's getUpdates does not long-poll (it answers at once), so its bot polls back to back on one
 * connection, the fastest a bot can learn of a message there; the round trip is timed from sending
 * the user message (its client API, `POST /sendMessage`) until a getUpdates answer carries it. Its
 * webhook is called while it handles the user's request.
 */
import { performance } from 'node:perf_hooks';
import { startPeer } from '../lib/baselines.js';
import { cpuNote, sideBySide } from '../lib/compare.js';
import type { BenchContext, Scenario, ScenarioResult } from '../lib/context.js';
import { newPool, send } from '../lib/load.js';
import { sendMessageBody } from '../lib/parley.js';
import { startReceiver } from '../lib/receiver.js';
import { Samples, type LatencySummary } from '../lib/stats.js';
import { JSON_HEADERS, sendMessageTarget } from './1-send-message.js';
import { pollRoundTrips } from './2-round-trip.js';
const TOKEN = '123456789:bench-peer-token';
const HOOK_TOKEN = '987654321:bench-peer-hook-token';
const USER_ID = 1001;

function userMessage(botToken: string, text: string): string {
  return JSON.stringify({
    botToken,
    date: Math.floor(Date.now() / 1000),
    text,
    from: { id: USER_ID, first_name: 'Bench', username: 'bench_user', is_bot: false },
    chat: { id: USER_ID, first_name: 'Bench', username: 'bench_user', type: 'private' },
  });
}

async function peerPollRoundTrips(
  origin: string,
  warmup: number,
  samples: number,
  sink: Samples,
): Promise<void> {
  const pollPool = newPool(origin, 1);
  const sendPool = newPool(origin, 1);
  const waiting = new Map<string, (at: number) => void>();
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const answer = await send(pollPool, {
        method: 'POST',
        path: `/bot${TOKEN}/getUpdates`,
        headers: JSON_HEADERS,
        body: '{}',
      });
      const at = performance.now();
      const body = JSON.parse(answer.text) as { result: Array<{ message?: { text?: string } }> };
      for (const update of body.result) {
        const text = update.message?.text;
        if (text !== undefined) waiting.get(text)?.(at);
      }
    }
  })();
  try {
    for (let i = 0; i < warmup + samples; i++) {
      const text = `round trip ${i}`;
      const seen = new Promise<number>((resolve) => waiting.set(text, resolve));
      const t0 = performance.now();
      const answer = await send(sendPool, {
        method: 'POST',
        path: '/sendMessage',
        headers: JSON_HEADERS,
        body: userMessage(TOKEN, text),
      });
      if (answer.status !== 200) throw new Error(`peer client sendMessage: ${answer.status} ${answer.text}`);
      const t1 = await seen;
      waiting.delete(text);
      if (i >= warmup) sink.add(t1 - t0);
    }
  } finally {
    polling = false;
    await poller;
    await Promise.all([pollPool.close(), sendPool.close()]);
  }
}

async function webhookRoundTrips(origin: string, warmup: number, samples: number): Promise<LatencySummary> {
  const receiver = await startReceiver();
  const pool = newPool(origin, 1);
  const measured = new Samples();
  try {
    const set = await send(pool, {
      method: 'POST',
      path: `/bot${HOOK_TOKEN}/setWebhook`,
      headers: JSON_HEADERS,
      body: JSON.stringify({ url: receiver.url }),
    });
    if (set.status !== 200) throw new Error(`peer setWebhook: ${set.status} ${set.text}`);
    for (let i = 0; i < warmup + samples; i++) {
      const text = `webhook round trip ${i}`;
      const arrival = receiver.next();
      const t0 = performance.now();
      const answer = await send(pool, {
        method: 'POST',
        path: '/sendMessage',
        headers: JSON_HEADERS,
        body: userMessage(HOOK_TOKEN, text),
      });
      if (answer.status !== 200) throw new Error(`peer client sendMessage: ${answer.status} ${answer.text}`);
      const got = await arrival;
      if (!got.body.includes(`"${text}"`)) throw new Error(`unexpected webhook body ${got.body}`);
      if (i >= warmup) measured.add(got.at - t0);
    }
  } finally {
    await pool.close();
    await receiver.close();
  }
  return measured.summary();
}

export const peerScenario: Scenario = {
  id: 5,
  title: 'The peer (telegram-test-api) beside Parley, same client',
  async run(ctx: BenchContext): Promise<ScenarioResult> {
    const { latencyWarmup, latencySamples, rounds } = ctx.timing;
    const parley = await sendMessageTarget(ctx, 'peer_cmp');
    const peer = await startPeer(ctx);
    try {
      const [mine, theirs] = await sideBySide(
        ctx,
        [
          {
            name: 'Parley',
            origin: parley.server.origin,
            pid: parley.server.child.pid,
            request: parley.request,
          },
          {
            name: 'peer',
            origin: peer.origin,
            pid: peer.child.pid,
            request: (i) => ({
              method: 'POST',
              path: `/bot${TOKEN}/sendMessage`,
              headers: JSON_HEADERS,
              body: sendMessageBody(USER_ID, i),
            }),
          },
        ],
        { light: false },
      );
      // Round trips in alternating blocks too.
      const parleyPoll = new Samples();
      const peerPoll = new Samples();
      const perRound = Math.ceil(latencySamples / rounds);
      for (let round = 0; round < rounds; round++) {
        const warmup = round === 0 ? latencyWarmup : 10;
        await pollRoundTrips(parley.server.origin, parley.chat, {
          warmup,
          samples: perRound,
          sink: parleyPoll,
        });
        await peerPollRoundTrips(peer.origin, warmup, perRound, peerPoll);
      }
      const hook = await webhookRoundTrips(peer.origin, latencyWarmup, latencySamples);
      const ours = parleyPoll.summary();
      const poll = peerPoll.summary();
      const m = ctx.metrics;
      const peerTarget = 'telegram-test-api';
      return {
        id: 5,
        title: this.title,
        status: 'ok',
        rows: [
          {
            what: `sendMessage, ${ctx.connections} connections: Parley vs the peer`,
            measured: { target: 'Parley', rps: mine.rps, p50: mine.p50, p99: mine.p99, errors: mine.errors },
            baseline: {
              target: peerTarget,
              rps: theirs.rps,
              p50: theirs.p50,
              p99: theirs.p99,
              errors: theirs.errors,
            },
            ratio: mine.rps / theirs.rps,
            ratioOf: 'throughput',
          },
          {
            what: 'round trip, user message -> getUpdates: Parley vs the peer',
            measured: { target: 'Parley (long poll)', p50: ours.p50, p99: ours.p99 },
            baseline: { target: `${peerTarget} (bot polls back to back)`, p50: poll.p50, p99: poll.p99 },
            ratio: ours.p50 / poll.p50,
            ratioOf: 'p50 latency (lower is better)',
          },
          {
            what: 'round trip, user message -> webhook: Parley (scenario 2) vs the peer',
            measured:
              m['rt.hook.p50'] === undefined
                ? { target: 'Parley (not run)' }
                : { target: 'Parley', p50: m['rt.hook.p50'], p99: m['rt.hook.p99'] },
            baseline: { target: peerTarget, p50: hook.p50, p99: hook.p99 },
            ...(m['rt.hook.p50'] !== undefined ? { ratio: m['rt.hook.p50'] / hook.p50 } : {}),
            ratioOf: 'p50 latency (lower is better)',
          },
        ],
        notes: [
          cpuNote('Parley', mine),
          cpuNote('Peer', theirs),
          'The peer keeps everything in RAM (no durability); Parley commits each message to SQLite before answering.',
          ...(theirs.firstError ? [`First peer error: ${theirs.firstError}`] : []),
          ...(mine.firstError ? [`First Parley error: ${mine.firstError}`] : []),
        ],
        metrics: {
          'peer.parley.send.rps': mine.rps,
          'peer.send.rps': theirs.rps,
          'peer.send.p50': theirs.p50,
          'peer.send.p99': theirs.p99,
          'peer.parley.rt.p50': ours.p50,
          'peer.parley.rt.p99': ours.p99,
          'peer.rt.p50': poll.p50,
          'peer.rt.p99': poll.p99,
          'peer.hook.p50': hook.p50,
          'peer.hook.p99': hook.p99,
        },
      };
    } finally {
      await peer.stop();
      await parley.server.stop();
    }
  },
};
