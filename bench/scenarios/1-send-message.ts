/**
 * Scenario 1: `sendMessage` to a private chat with the default durable storage, against a bare
 * `node:http` JSON echo answering the same number of bytes, through the same client, side by side.
 */
import { startEcho } from '../lib/baselines.js';
import { cpuNote, okEnvelope, sideBySide } from '../lib/compare.js';
import type { BenchContext, Scenario, ScenarioResult } from '../lib/context.js';
import { newPool, send, type HttpRequest } from '../lib/load.js';
import { botWithChat, newDataDir, sendMessageBody, startParley, type ParleyServer } from '../lib/parley.js';

export const JSON_HEADERS = { 'content-type': 'application/json' };

/** One answer's size, to size the echo's answers like the server's. */
export async function answerBytes(origin: string, request: HttpRequest): Promise<number> {
  const pool = newPool(origin, 1);
  try {
    const answer = await send(pool, request);
    if (!okEnvelope(answer)) throw new Error(`unexpected answer ${answer.status}: ${answer.text}`);
    return Buffer.byteLength(answer.text);
  } finally {
    await pool.close();
  }
}

/** A Parley with a bot that can write to its user; `request(i)` is the i-th sendMessage. */
export async function sendMessageTarget(ctx: BenchContext, name: string, env?: Record<string, string>) {
  const server: ParleyServer = await startParley(ctx, {
    dataDir: newDataDir(ctx, name),
    ...(env ? { env } : {}),
  });
  const chat = await botWithChat(server, `${name}_bench`);
  const path = `/bot${chat.token}/sendMessage`;
  const request = (i: number): HttpRequest => ({
    method: 'POST',
    path,
    headers: JSON_HEADERS,
    body: sendMessageBody(chat.userId, i),
  });
  return { server, chat, request };
}

export const sendMessageScenario: Scenario = {
  id: 1,
  title: 'sendMessage to a private chat (durable) vs a bare node:http JSON echo',
  async run(ctx): Promise<ScenarioResult> {
    const { server, request } = await sendMessageTarget(ctx, 'send');
    // The same server without the timeline (`--timeline-max 0`, ADR 0099): what recording costs.
    const quiet = await sendMessageTarget(ctx, 'quiet', { PARLEY_TIMELINE_MAX: '0' });
    try {
      const requestBytes = Buffer.byteLength(request(0).body!);
      const bytes = await answerBytes(server.origin, request(0));
      const echo = await startEcho(ctx, bytes);
      const [parley, baseline, untimed] = await sideBySide(ctx, [
        { name: 'Parley', origin: server.origin, pid: server.child.pid, request },
        {
          name: 'echo',
          origin: echo.origin,
          pid: echo.child.pid,
          request: (i) => ({
            method: 'POST',
            path: '/bot123:secret/sendMessage',
            headers: JSON_HEADERS,
            body: sendMessageBody(1234567890, i),
          }),
        },
        {
          name: 'Parley without timeline',
          origin: quiet.server.origin,
          pid: quiet.server.child.pid,
          request: quiet.request,
        },
      ]).finally(() => echo.stop());
      const notes = [
        `Request ${requestBytes} B of JSON, answer ${bytes} B; the echo parses the same request and answers ${bytes} B.`,
        cpuNote('Parley', parley),
        cpuNote('Echo', baseline),
      ];
      // CPU per call, which a loaded machine disturbs less than throughput (the server waits for its
      // core there): the timeline's cost as server time per sendMessage.
      const cpuUs = (figures: { serverCpuPct: number; rps: number }) =>
        (figures.serverCpuPct * 10_000) / figures.rps;
      notes.push(
        `Server CPU per sendMessage: ${cpuUs(parley).toFixed(1)} µs with the timeline, ${cpuUs(untimed).toFixed(1)} µs without (ratio ${(cpuUs(untimed) / cpuUs(parley)).toFixed(3)}).`,
      );
      if (parley.firstError) notes.push(`First Parley error: ${parley.firstError}`);
      if (baseline.clientCpuPct > 90) {
        notes.push('The load generator was near a full core during the echo: the echo figure is a floor.');
      }
      return {
        id: 1,
        title: this.title,
        status: 'ok',
        rows: [
          {
            what: `sendMessage, ${ctx.connections} connections`,
            measured: {
              target: 'Parley',
              rps: parley.rps,
              p50: parley.p50,
              p99: parley.p99,
              errors: parley.errors,
            },
            baseline: { target: 'node:http echo', rps: baseline.rps, p50: baseline.p50, p99: baseline.p99 },
            ratio: parley.rps / baseline.rps,
            ratioOf: 'throughput',
          },
          {
            what: 'sendMessage, one at a time',
            measured: { target: 'Parley', p50: parley.lightP50, p99: parley.lightP99 },
            baseline: { target: 'node:http echo', p50: baseline.lightP50, p99: baseline.lightP99 },
            ratio: parley.lightP50 / baseline.lightP50,
            ratioOf: 'p50 latency (lower is better)',
          },
          {
            what: `sendMessage, ${ctx.connections} connections: the timeline recording (default) vs --timeline-max 0`,
            measured: { target: 'Parley', rps: parley.rps, p50: parley.p50, p99: parley.p99 },
            baseline: { target: 'Parley, no timeline', rps: untimed.rps, p50: untimed.p50, p99: untimed.p99 },
            ratio: parley.rps / untimed.rps,
            ratioOf: 'throughput',
          },
        ],
        notes,
        metrics: {
          'send.rps': parley.rps,
          'send.p50': parley.p50,
          'send.p99': parley.p99,
          'send.light.p50': parley.lightP50,
          'send.light.p99': parley.lightP99,
          'echo.rps': baseline.rps,
          'send.untimed.rps': untimed.rps,
          'send.cpu_us': (parley.serverCpuPct * 10_000) / parley.rps,
          'send.untimed.cpu_us': (untimed.serverCpuPct * 10_000) / untimed.rps,
          'echo.light.p50': baseline.lightP50,
          'echo.light.p99': baseline.lightP99,
        },
      };
    } finally {
      await server.stop();
      await quiet.server.stop();
    }
  },
};
