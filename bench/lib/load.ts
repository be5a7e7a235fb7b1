/**
 * The one HTTP client of every measurement: raw keep-alive connections (raw-http.ts) driven
 * closed-loop (each connection sends its next request when the previous answer is read), so every
 * target sees the same client, and a cheap one. `send` (undici) is for set-up calls only.
 *
 * A run has a warm-up, whose answers are not counted, then a measured window. It is bounded in time:
 * no request starts after the window ends, and a request still unanswered `REQUEST_TIMEOUT_MS` later
 * fails. Throughput counts the requests that started and finished inside the window.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import { RawConnection } from './raw-http.js';
import { Samples, type LatencySummary } from './stats.js';

const REQUEST_TIMEOUT_MS = 15_000;
/** USER_HZ of /proc/<pid>/stat: 100 on Linux everywhere this runs. */
const CLOCK_TICKS = 100;

export interface HttpRequest {
  method: 'GET' | 'POST';
  /** Path and query. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface Answer {
  status: number;
  text: string;
}

export interface LoadOptions {
  /** The origin, e.g. `http://127.0.0.1:8081`. */
  origin: string;
  connections: number;
  warmupMs: number;
  durationMs: number;
  /** The i-th request (i counts every request of the run, warm-up included). */
  request: (i: number) => HttpRequest;
  /** Whether an answer counts as a success; by default a 2xx status. */
  ok?: (answer: Answer) => boolean;
  /** Stops the run after this many measured successes (for "send N" workloads). */
  maxRequests?: number;
  /** Latencies are added here too (to merge the rounds of an interleaved comparison). */
  samples?: Samples;
  /** The server's process id: its CPU use over the window is reported. */
  serverPid?: number;
}

export interface LoadResult {
  /** Successful requests in the measured window. */
  requests: number;
  /** Failed requests (status or `ok` check, or transport errors) in the measured window. */
  errors: number;
  firstError?: string;
  elapsedMs: number;
  /** Successful requests per second. */
  rps: number;
  latency: LatencySummary;
  /** CPU used by this process (the load generator) over the window, % of one core. */
  clientCpuPct: number;
  /** CPU used by the server over the window, % of one core (when serverPid was given). */
  serverCpuPct?: number;
}

const isSuccess = (answer: Answer) => answer.status >= 200 && answer.status < 300;

/** `timeoutMs`: how long a request may wait for its answer (longer than any long poll it sends). */
export function newPool(origin: string, connections: number, timeoutMs = REQUEST_TIMEOUT_MS): Pool {
  return new Pool(origin, {
    connections,
    pipelining: 1,
    keepAliveTimeout: 60_000,
    keepAliveMaxTimeout: 600_000,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}

export async function send(pool: Pool, request: HttpRequest, signal?: AbortSignal): Promise<Answer> {
  const response = await pool.request({
    method: request.method,
    path: request.path,
    headers: request.headers,
    body: request.body,
    signal,
  });
  return { status: response.statusCode, text: await response.body.text() };
}

/** Runs a closed loop of `connections` concurrent requesters against one origin. */
export async function closedLoop(options: LoadOptions): Promise<LoadResult> {
  const connections = Array.from(
    { length: options.connections },
    () => new RawConnection(options.origin, REQUEST_TIMEOUT_MS),
  );
  const ok = options.ok ?? isSuccess;
  const samples = new Samples();
  const sink = options.samples;
  let next = 0;
  let errors = 0;
  let successes = 0;
  let firstError: string | undefined;
  const start = performance.now();
  const measureFrom = start + options.warmupMs;
  const end = measureFrom + options.durationMs;
  let lastAnswerAt = measureFrom;
  let done = false;
  let clientCpu: NodeJS.CpuUsage | undefined;
  let serverCpu: number | undefined;
  const startCpu = () => {
    clientCpu = process.cpuUsage();
    if (options.serverPid !== undefined) serverCpu = processCpuSeconds(options.serverPid);
  };
  const warmupTimer = setTimeout(startCpu, options.warmupMs);

  const requester = async (connection: RawConnection) => {
    while (!done) {
      const t0 = performance.now();
      if (t0 >= end) break;
      const request = options.request(next++);
      let success = false;
      try {
        const answer = await connection.request(request);
        success = ok(answer);
        if (!success && firstError === undefined) {
          firstError = `HTTP ${answer.status}: ${answer.text.slice(0, 200)}`;
        }
      } catch (error) {
        if (firstError === undefined) firstError = String(error);
      }
      const t1 = performance.now();
      if (t0 < measureFrom) continue;
      if (!success) {
        errors += 1;
        // A refused connection fails at once; do not spin on it.
        await new Promise((resolve) => setTimeout(resolve, 1));
        continue;
      }
      samples.add(t1 - t0);
      sink?.add(t1 - t0);
      successes += 1;
      lastAnswerAt = t1;
      if (options.maxRequests !== undefined && successes >= options.maxRequests) done = true;
    }
  };
  let cpuWindowMs = 0;
  let clientUsed: NodeJS.CpuUsage | undefined;
  let serverUsed: number | undefined;
  try {
    await Promise.all(connections.map(requester));
    clearTimeout(warmupTimer);
    if (!clientCpu) startCpu();
    cpuWindowMs = performance.now() - Math.max(measureFrom, start);
    clientUsed = process.cpuUsage(clientCpu);
    if (options.serverPid !== undefined && serverCpu !== undefined) {
      serverUsed = processCpuSeconds(options.serverPid) - serverCpu;
    }
  } finally {
    clearTimeout(warmupTimer);
    for (const connection of connections) connection.close();
  }
  // A count-bounded run ends when its last answer came; a time-bounded one at its deadline.
  const elapsedMs =
    options.maxRequests !== undefined && done ? lastAnswerAt - measureFrom : end - measureFrom;
  const pct = (seconds: number) => (cpuWindowMs > 0 ? (100 * seconds * 1000) / cpuWindowMs : Number.NaN);
  return {
    clientCpuPct: pct(clientUsed ? (clientUsed.user + clientUsed.system) / 1e6 : Number.NaN),
    ...(serverUsed !== undefined ? { serverCpuPct: pct(serverUsed) } : {}),
    requests: successes,
    errors,
    ...(firstError !== undefined ? { firstError } : {}),
    elapsedMs,
    rps: successes / (elapsedMs / 1000),
    latency: samples.summary(),
  };
}

/** User plus system CPU seconds of a process so far, from /proc (Linux; NaN elsewhere). */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at state; utime and stime are 14, 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Light load: one request at a time on one keep-alive connection, `samples` measured after `warmup`. */
export async function oneAtATime(
  origin: string,
  request: (i: number) => HttpRequest,
  { warmup, samples, sink }: { warmup: number; samples: number; sink?: Samples },
  ok: (answer: Answer) => boolean = isSuccess,
): Promise<LatencySummary & { errors: number }> {
  const connection = new RawConnection(origin, REQUEST_TIMEOUT_MS);
  const measured = new Samples();
  let errors = 0;
  try {
    for (let i = 0; i < warmup + samples; i++) {
      const t0 = performance.now();
      const answer = await connection.request(request(i));
      const t1 = performance.now();
      if (!ok(answer)) {
        errors += 1;
        continue;
      }
      if (i >= warmup) {
        measured.add(t1 - t0);
        sink?.add(t1 - t0);
      }
    }
  } finally {
    connection.close();
  }
  return { ...measured.summary(), errors };
}
