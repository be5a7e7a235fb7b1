/**
 * `node --import tsx bench/poll-herd/run.ts [--bots N] [--timeout S] [--rounds R]
 *  [--servers name=path/to/dist/cli/main.js,...]`
 *
 * Long polls that time out together (issue 31, platform/core/turn-slices.ts): N bots (default
 * 5,000) each park a getUpdates with the same timeout (default 10 s), started together as a
 * server's polling bots do after it restarts, and poll again at once whenever answered, for three
 * timeouts. From half a timeout on (before it, every bot's first poll arrives at once), meanwhile
 * a probe asks `/healthz` every 5 ms, from a thread of its own (bench/lib/stall-probe.ts), its
 * latency counted from when it was due: what a person's message meets when it comes in as the
 * polls time out. Reported per server: the probe's worst latency (with what the node's threads did
 * during it), its p99 and how many probes took over 50 ms, how many polls were answered, and the CPU
 * time of the node's event loop and of its other threads (V8's helpers, libuv's pool) over the run.
 * Servers pinned to core 0, this process to core 1 (as `npm run bench`); each round runs every
 * server in turn, the order rotated; the load average is printed with each figure. `--servers` names the builds compared (default: this tree's dist),
 * e.g. a checkout of the build before.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { call, CONTROL_HEADERS, inParallel, JSON_HEADERS } from '../lib/population-world.js';
import { newPool } from '../lib/load.js';
import { namedBuilds } from '../lib/named-builds.js';
import { startParley } from '../lib/parley.js';
import { pinBenchProcess, stopAll } from '../lib/processes.js';
import { startStallProbe } from '../lib/stall-probe.js';
import { quantile } from '../lib/stats.js';

const { values } = parseArgs({
  options: {
    bots: { type: 'string', default: '5000' },
    timeout: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '2' },
    servers: { type: 'string', default: `this=${path.resolve('dist/cli/main.js')}` },
  },
});
const BOTS = Number(values.bots);
const TIMEOUT_S = Number(values.timeout);
const ROUNDS = Number(values.rounds);
const servers = namedBuilds(values.servers!);
const pinning = pinBenchProcess();

interface Figures {
  worst: number;
  /** What the node's threads did during the worst probe (stall-probe.ts), as words; '' without /proc. */
  threads: string;
  /** CPU time of the node's event loop and of its other threads over the run, as words. */
  cpu: string;
  p99: number;
  over50: number;
  answered: number;
}

async function measure(file: string): Promise<Figures> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-herd-'));
  const server = await startParley(
    { serverEntry: file, pinning, cpuProfDir: undefined, log: console.log },
    { dataDir },
  );
  const { origin } = server;
  const control = newPool(origin, 32);
  const polls = newPool(origin, BOTS + 10, (TIMEOUT_S + 30) * 1000);
  let polling = true;
  let loops: Array<Promise<void>> = [];
  try {
    const tokens = await inParallel(BOTS, async (i) => {
      const bot = await call<{ token: string }>(control, '/control/bots', CONTROL_HEADERS, {
        username: `herd${i}_bot`,
      });
      return bot.token;
    });
    let answered = 0;
    loops = tokens.map(async (token) => {
      while (polling) {
        try {
          await call(polls, `/bot${token}/getUpdates`, JSON_HEADERS, { timeout: TIMEOUT_S });
          answered += 1;
        } catch (error) {
          if (polling) throw error;
        }
      }
    });
    // The probe, on a thread of its own (stall-probe.ts): this thread is busy with the polls.
    const prober = startStallProbe([origin], 5, [server.child.pid]);
    const threadsBefore = threadTimes(server.child.pid);
    await new Promise((resolve) => setTimeout(resolve, 3 * TIMEOUT_S * 1000 + 2000));
    const threadsAfter = threadTimes(server.child.pid);
    const [probed] = await prober.stop();
    // The first half timeout is the polls' start (every bot's first request at once, as the
    // generator sends them): not counted; the timeouts come after it.
    const counted = probed!.filter(([at]) => at >= (TIMEOUT_S * 1000) / 2);
    const latencies = counted.map(([, , fromDue]) => fromDue);
    const worst = counted.reduce((a, b) => (b[2] > a[2] ? b : a));
    return {
      worst: worst[2],
      threads:
        worst[3] === undefined
          ? ''
          : ` (its loop ran ${worst[3].toFixed(0)} ms and waited ${worst[4]!.toFixed(0)} ms for its core; other threads ran ${worst[5]!.toFixed(0)} ms)`,
      cpu:
        threadsBefore && threadsAfter
          ? `; the node's loop ran ${((threadsAfter.loop - threadsBefore.loop) / 1e9).toFixed(1)} s, its other threads ${((threadsAfter.others - threadsBefore.others) / 1e9).toFixed(1)} s`
          : '',
      p99: quantile(Float64Array.from(latencies).sort(), 0.99),
      over50: latencies.filter((ms) => ms > 50).length,
      answered,
    };
  } finally {
    // The server's stop ends the polls under way.
    polling = false;
    await server.stop();
    await Promise.allSettled(loops);
    await Promise.all([control.close(), polls.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** CPU time so far of a process's main thread and of its other threads, ns (Linux), from schedstat. */
function threadTimes(pid: number): { loop: number; others: number } | undefined {
  try {
    let loop = 0;
    let others = 0;
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      let ran: number;
      try {
        ran = Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        continue; // A thread that ended meanwhile.
      }
      if (Number(tid) === pid) loop = ran;
      else others += ran;
    }
    return { loop, others };
  } catch {
    return undefined;
  }
}

console.log(`poll herd: ${BOTS} bots, getUpdates timeout ${TIMEOUT_S} s, ${ROUNDS} rounds; ${pinning.note}`);
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = servers.map((_, i) => servers[(i + round) % servers.length]!);
    for (const server of order) {
      const f = await measure(server.file);
      console.log(
        `  round ${round + 1} ${server.name}: probe worst ${f.worst.toFixed(0)} ms${f.threads}, p99 ${f.p99.toFixed(1)} ms, ` +
          `${f.over50} probes over 50 ms; ${f.answered} polls answered${f.cpu}; load ${os.loadavg()[0]!.toFixed(2)}`,
      );
    }
  }
} finally {
  await stopAll();
}
