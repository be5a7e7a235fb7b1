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
 * polls time out. Reported per server: the probe's worst latency, its p99 and how many probes
 * took over 50 ms, and how many polls were answered. Servers pinned to core 0, this process to core
 * 1 (as `npm run bench`); each round runs every server in turn, the order rotated; the load average
 * is printed with each figure. `--servers` names the builds compared (default: this tree's dist),
 * e.g. a checkout of the build before.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { call, CONTROL_HEADERS, inParallel, JSON_HEADERS } from '../lib/population-world.js';
import { newPool } from '../lib/load.js';
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
const servers = values.servers!.split(',').map((entry) => {
  const [name, file] = entry.split('=');
  return { name: name!, file: path.resolve(file!) };
});
const pinning = pinBenchProcess();

interface Figures {
  worst: number;
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
    const prober = startStallProbe([origin], 5);
    await new Promise((resolve) => setTimeout(resolve, 3 * TIMEOUT_S * 1000 + 2000));
    const [probed] = await prober.stop();
    // The first half timeout is the polls' start (every bot's first request at once, as the
    // generator sends them): not counted; the timeouts come after it.
    const latencies = probed!.filter(([at]) => at >= (TIMEOUT_S * 1000) / 2).map(([, , fromDue]) => fromDue);
    return {
      worst: Math.max(...latencies),
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

console.log(`poll herd: ${BOTS} bots, getUpdates timeout ${TIMEOUT_S} s, ${ROUNDS} rounds; ${pinning.note}`);
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = servers.map((_, i) => servers[(i + round) % servers.length]!);
    for (const server of order) {
      const f = await measure(server.file);
      console.log(
        `  round ${round + 1} ${server.name}: probe worst ${f.worst.toFixed(0)} ms, p99 ${f.p99.toFixed(1)} ms, ` +
          `${f.over50} probes over 50 ms; ${f.answered} polls answered; load ${os.loadavg()[0]!.toFixed(2)}`,
      );
    }
  }
} finally {
  await stopAll();
}
