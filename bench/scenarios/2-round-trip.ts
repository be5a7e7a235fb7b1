/**
 * Scenario 2: round trips at light load. A user message sent through the control API until a waiting
 * `getUpdates` long poll returns it; and the same until a webhook receiver on loopback gets it. The
 * baseline is one echo request at a time through the same client: the floor of any exchange here.
 */
import { closeSync, fdatasyncSync, openSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startEcho } from '../lib/baselines.js';
import type { BenchContext, Scenario, ScenarioResult } from '../lib/context.js';
import { oneAtATime } from '../lib/load.js';
import { RawConnection } from '../lib/raw-http.js';
import { JSON_HEADERS } from './1-send-message.js';
import { ADMIN_TOKEN, botCall, botWithChat, newDataDir, startParley, type BotChat } from '../lib/parley.js';
import { startReceiver, type Receiver } from '../lib/receiver.js';
import { Samples, type LatencySummary } from '../lib/stats.js';

/** Time given to the server to park a long poll before the message is sent (it needs well under 1 ms). */
const PARK_DELAY_MS = 2;
/** A long poll answers within its 10 s timeout. */
const REQUEST_TIMEOUT_MS = 15_000;
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Update {
  update_id: number;
  message?: { text?: string };
}

export function controlSend(chat: BotChat, text: string) {
  return {
    method: 'POST' as const,
    path: '/control/messages',
    headers: { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` },
    body: JSON.stringify({ from: chat.userPhone, chat: `@${chat.botUsername}`, text }),
  };
}

async function getUpdates(
  connection: RawConnection,
  chat: BotChat,
  offset: number,
  timeout: number,
): Promise<Update[]> {
  const answer = await connection.request({
    method: 'POST',
    path: `/bot${chat.token}/getUpdates`,
    headers: JSON_HEADERS,
    body: JSON.stringify({ offset, timeout }),
  });
  const body = JSON.parse(answer.text) as { ok: boolean; result?: Update[]; description?: string };
  if (!body.ok) throw new Error(`getUpdates: ${answer.status} ${body.description}`);
  return body.result!;
}

/** Control API message -> the parked getUpdates answers with it; `n` samples after `warmup`. */
export async function pollRoundTrips(
  origin: string,
  chat: BotChat,
  { warmup, samples, sink }: { warmup: number; samples: number; sink?: Samples },
): Promise<LatencySummary> {
  const pollPool = new RawConnection(origin, REQUEST_TIMEOUT_MS);
  const sendPool = new RawConnection(origin, REQUEST_TIMEOUT_MS);
  const measured = new Samples();
  try {
    // Confirm whatever is pending (the /start of the setup).
    const pending = await getUpdates(pollPool, chat, 0, 0);
    let offset = pending.length > 0 ? pending[pending.length - 1]!.update_id + 1 : 0;
    for (let i = 0; i < warmup + samples; i++) {
      const text = `round trip ${i}`;
      const poll = getUpdates(pollPool, chat, offset, 10);
      await delay(PARK_DELAY_MS);
      const t0 = performance.now();
      const sent = sendPool.request(controlSend(chat, text));
      const updates = await poll;
      const t1 = performance.now();
      const answer = await sent;
      if (answer.status !== 200) throw new Error(`control send: ${answer.status} ${answer.text}`);
      const last = updates[updates.length - 1];
      if (!last) throw new Error('the long poll ended without the update');
      offset = last.update_id + 1;
      if (last.message?.text !== text) throw new Error(`unexpected update ${JSON.stringify(last)}`);
      if (i >= warmup) {
        measured.add(t1 - t0);
        sink?.add(t1 - t0);
      }
    }
  } finally {
    pollPool.close();
    sendPool.close();
  }
  return measured.summary();
}

async function webhookRoundTrips(
  origin: string,
  chat: BotChat,
  receiver: Receiver,
  { warmup, samples }: { warmup: number; samples: number },
): Promise<LatencySummary> {
  const sendPool = new RawConnection(origin, REQUEST_TIMEOUT_MS);
  const measured = new Samples();
  try {
    for (let i = 0; i < warmup + samples; i++) {
      const text = `webhook round trip ${i}`;
      const arrival = receiver.next();
      const t0 = performance.now();
      const answer = await sendPool.request(controlSend(chat, text));
      if (answer.status !== 200) throw new Error(`control send: ${answer.status} ${answer.text}`);
      const got = await Promise.race([arrival, delay(10_000).then(() => undefined)]);
      if (!got) throw new Error('the webhook did not receive the update within 10 s');
      if (!got.body.includes(`"webhook round trip ${i}"`)) throw new Error(`unexpected update ${got.body}`);
      if (i >= warmup) measured.add(got.at - t0);
    }
  } finally {
    sendPool.close();
  }
  return measured.summary();
}

/**
 * What one durable commit costs the disk of a data folder: a 4 KiB append and fdatasync, `count`
 * times (SQLite's WAL commit at synchronous=FULL is one such sync). Every durable round trip holds
 * one, so it is a floor of the round trip that no code change moves.
 */
export function syncFloor(dir: string, count: number): LatencySummary {
  const file = path.join(dir, 'sync-probe');
  const fd = openSync(file, 'w');
  const page = Buffer.alloc(4096, 1);
  const samples = new Samples();
  try {
    for (let i = 0; i < count; i++) {
      writeSync(fd, page);
      const t0 = performance.now();
      fdatasyncSync(fd);
      samples.add(performance.now() - t0);
    }
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
  return samples.summary();
}

export const roundTripScenario: Scenario = {
  id: 2,
  title: 'Round trip: user message (control API) to getUpdates and to a webhook',
  async run(ctx: BenchContext): Promise<ScenarioResult> {
    const counts = { warmup: ctx.timing.latencyWarmup, samples: ctx.timing.latencySamples };
    const dataDir = newDataDir(ctx, 'round-trip');
    const server = await startParley(ctx, { dataDir });
    const receiver = await startReceiver();
    let poll: LatencySummary;
    let hook: LatencySummary;
    try {
      const pollChat = await botWithChat(server, 'poll_bench');
      poll = await pollRoundTrips(server.origin, pollChat, counts);
      const hookChat = await botWithChat(server, 'hook_bench');
      const first = receiver.next();
      await botCall(server.origin, hookChat.token, 'setWebhook', { url: receiver.url });
      await first; // the /start of the setup
      hook = await webhookRoundTrips(server.origin, hookChat, receiver, counts);
    } finally {
      await receiver.close();
      await server.stop();
    }
    const echo = await startEcho(ctx, 300);
    let floor: LatencySummary;
    try {
      floor = await oneAtATime(
        echo.origin,
        (i) => ({
          method: 'POST',
          path: '/echo',
          headers: JSON_HEADERS,
          body: JSON.stringify({ text: `x${i}` }),
        }),
        counts,
      );
    } finally {
      await echo.stop();
    }
    const sync = syncFloor(dataDir, counts.samples);
    const baseline = { target: 'one echo request', p50: floor.p50, p99: floor.p99 };
    return {
      id: 2,
      title: this.title,
      status: 'ok',
      rows: [
        {
          what: 'user message -> waiting getUpdates',
          measured: { target: 'Parley', p50: poll.p50, p99: poll.p99, requests: poll.samples },
          baseline,
          ratio: poll.p50 / floor.p50,
          ratioOf: 'p50 latency (lower is better)',
        },
        {
          what: 'user message -> webhook receiver',
          measured: { target: 'Parley', p50: hook.p50, p99: hook.p99, requests: hook.samples },
          baseline,
          ratio: hook.p50 / floor.p50,
          ratioOf: 'p50 latency (lower is better)',
        },
      ],
      notes: [
        `${poll.samples} samples each, one message at a time; each getUpdates is sent ${PARK_DELAY_MS} ms before the message so that it is parked. Timed from sending the control API request until the long poll's answer (or the receiver's request) is read.`,
        `One durable commit on the data folder's disk (a 4 KiB append and fdatasync, ${sync.samples} times): p50 ${sync.p50.toFixed(3)} ms, p99 ${sync.p99.toFixed(3)} ms. Each round trip holds one (the message is answered and handed to the poll only once it is on disk), so the round trip's p50 cannot go below the echo's p50 plus this.`,
      ],
      metrics: {
        'rt.sync.p50': sync.p50,
        'rt.sync.p99': sync.p99,
        'rt.poll.p50': poll.p50,
        'rt.poll.p99': poll.p99,
        'rt.hook.p50': hook.p50,
        'rt.hook.p99': hook.p99,
        'rt.echo.p50': floor.p50,
        'rt.echo.p99': floor.p99,
      },
    };
  },
};
