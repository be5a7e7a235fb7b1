/**
 * Side-by-side measurement. This machine's speed drifts by tens of percent within a minute, so the
 * targets a ratio compares are all started, then measured in alternating rounds (A, B, A, B, ...):
 * each target's throughput is its successes over its windows, its latencies all its samples. The
 * servers not measured in a round sit idle.
 */
import type { BenchContext } from './context.js';
import { closedLoop, oneAtATime, type Answer, type HttpRequest } from './load.js';
import { Samples } from './stats.js';

export interface Target {
  name: string;
  origin: string;
  /** The server's process id, for its CPU use. */
  pid: number;
  request: (i: number) => HttpRequest;
  ok?: (answer: Answer) => boolean;
}

export interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  /** One request at a time (NaN when not measured). */
  lightP50: number;
  lightP99: number;
  /** Mean CPU of the server and of the load generator over the windows, % of one core. */
  serverCpuPct: number;
  clientCpuPct: number;
  firstError?: string;
}

export const okEnvelope = (answer: Answer) => answer.status === 200 && answer.text.startsWith('{"ok":true');

export async function sideBySide<T extends Target[]>(
  ctx: BenchContext,
  targets: [...T],
  { light = true }: { light?: boolean } = {},
): Promise<{ [K in keyof T]: Figures }> {
  const { timing } = ctx;
  const state = targets.map(() => ({
    loaded: new Samples(),
    oneByOne: new Samples(),
    requests: 0,
    errors: 0,
    ms: 0,
    serverCpu: 0,
    clientCpu: 0,
    next: 0,
    firstError: undefined as string | undefined,
  }));
  const perRound = Math.ceil(timing.latencySamples / timing.rounds);
  for (let round = 0; round < timing.rounds; round++) {
    for (const [t, target] of targets.entries()) {
      const s = state[t]!;
      const base = s.next;
      const result = await closedLoop({
        origin: target.origin,
        connections: ctx.connections,
        warmupMs: round === 0 ? timing.warmupMs : timing.roundWarmupMs,
        durationMs: timing.roundMs,
        request: (i) => target.request(base + i),
        ok: target.ok ?? okEnvelope,
        samples: s.loaded,
        serverPid: target.pid,
      });
      s.next = base + result.requests + result.errors + 10_000;
      s.requests += result.requests;
      s.errors += result.errors;
      s.ms += result.elapsedMs;
      s.serverCpu += (result.serverCpuPct ?? Number.NaN) * result.elapsedMs;
      s.clientCpu += result.clientCpuPct * result.elapsedMs;
      s.firstError ??= result.firstError;
      if (light) {
        const lightBase = s.next;
        const latency = await oneAtATime(
          target.origin,
          (i) => target.request(lightBase + i),
          { warmup: round === 0 ? timing.latencyWarmup : 10, samples: perRound, sink: s.oneByOne },
          target.ok ?? okEnvelope,
        );
        s.errors += latency.errors;
        s.next = lightBase + perRound + timing.latencyWarmup + 10;
      }
    }
  }
  const figures = state.map((s): Figures => {
    const loaded = s.loaded.summary();
    const oneByOne = s.oneByOne.summary();
    return {
      rps: (s.requests * 1000) / s.ms,
      p50: loaded.p50,
      p99: loaded.p99,
      requests: s.requests,
      errors: s.errors,
      lightP50: oneByOne.p50,
      lightP99: oneByOne.p99,
      serverCpuPct: s.serverCpu / s.ms,
      clientCpuPct: s.clientCpu / s.ms,
      ...(s.firstError !== undefined ? { firstError: s.firstError } : {}),
    };
  });
  return figures as { [K in keyof T]: Figures };
}

/** "Parley: server CPU 99%, load generator 40%" for the notes. */
export function cpuNote(name: string, figures: Figures): string {
  return `${name}: server CPU ${figures.serverCpuPct.toFixed(0)}%, load generator CPU ${figures.clientCpuPct.toFixed(0)}% of a core while loaded.`;
}
