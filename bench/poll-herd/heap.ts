/**
 * `node --import tsx bench/poll-herd/heap.ts [--bots N] [--rounds R] [--servers name=path/to/dist/cli/main.js,...]`
 *
 * The heap a parked long poll holds (issue 31): what 5,000 polls that time out together put through
 * the young generation at once, and what a polling bot costs a node while it waits. N bots (default
 * 2,000) each poll once with a short timeout (so that every bot's connection and first-poll state
 * exist), then each parks a getUpdates of 50 s; the server's heap after two full collections
 * (bench/lib/heap-report.mjs, on SIGUSR2) before and after they park, divided by N. Servers pinned to
 * core 0, this process to core 1; `--servers` names the builds compared (default: this tree's dist).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { call, CONTROL_HEADERS, inParallel, JSON_HEADERS } from '../lib/population-world.js';
import type { Pool } from 'undici';
import { newPool, send } from '../lib/load.js';
import { namedBuilds } from '../lib/named-builds.js';
import { startParley } from '../lib/parley.js';
import { pinBenchProcess, stopAll } from '../lib/processes.js';
import { waitFor } from '../../test/helpers/wait-for.js';

const { values } = parseArgs({
  options: {
    bots: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '1' },
    servers: { type: 'string', default: `this=${path.resolve('dist/cli/main.js')}` },
  },
});
const BOTS = Number(values.bots);
const ROUNDS = Number(values.rounds);
const servers = namedBuilds(values.servers!);
const pinning = pinBenchProcess();
const REPORTER = path.resolve(import.meta.dirname, '../lib/heap-report.mjs');

/**
 * The server's `parley_parked_polls` gauge, or undefined for a build before it. The first scrape
 * makes the metrics' registry, so one is taken before the first heap figure too.
 */
async function parkedPolls(control: Pool): Promise<number | undefined> {
  const { text } = await send(control, { method: 'GET', path: '/metrics', headers: CONTROL_HEADERS });
  const line = /^parley_parked_polls (\d+)$/m.exec(text);
  return line ? Number(line[1]) : undefined;
}

/** Bytes of heap per parked poll on one server. */
async function measure(file: string): Promise<number> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-heap-'));
  const out = path.join(dataDir, 'heap-used');
  const server = await startParley(
    { serverEntry: file, pinning, cpuProfDir: undefined, log: console.log },
    { dataDir, env: { NODE_OPTIONS: `--import ${REPORTER}`, PARLEY_BENCH_HEAP_OUT: out } },
  );
  const heap = async (): Promise<number> => {
    rmSync(out, { force: true });
    process.kill(server.child.pid, 'SIGUSR2');
    return waitFor(() => (existsSync(out) ? Number(readFileSync(out, 'utf8')) : undefined), {
      timeoutMs: 60_000,
      intervalMs: 20,
      what: 'the heap figure',
    });
  };
  const control = newPool(server.origin, 32);
  const polls = newPool(server.origin, BOTS + 10, 120_000);
  let parked: Array<Promise<unknown>> = [];
  try {
    const tokens = await inParallel(BOTS, async (i) => {
      const bot = await call<{ token: string }>(control, '/control/bots', CONTROL_HEADERS, {
        username: `heap${i}_bot`,
      });
      return bot.token;
    });
    // Every bot at once: each has its connection open (kept alive) before the first figure.
    await Promise.all(
      tokens.map((token) => call(polls, `/bot${token}/getUpdates`, JSON_HEADERS, { timeout: 1 })),
    );
    const counted = (await parkedPolls(control)) !== undefined;
    const before = await heap();
    let answered = 0;
    parked = tokens.map((token) =>
      call(polls, `/bot${token}/getUpdates`, JSON_HEADERS, { timeout: 50 }).finally(() => (answered += 1)),
    );
    // Parked: the server's gauge counts every poll (a build without it: 3 s); none answered meanwhile.
    if (!counted) await new Promise((resolve) => setTimeout(resolve, 3_000));
    else
      await waitFor(async () => (await parkedPolls(control)) === BOTS, {
        timeoutMs: 60_000,
        intervalMs: 50,
        what: `${BOTS} parked polls`,
      });
    if (answered > 0) throw new Error(`${answered} polls were answered before the figure`);
    const after = await heap();
    return (after - before) / BOTS;
  } finally {
    await server.stop();
    await Promise.allSettled(parked);
    await Promise.all([control.close(), polls.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`heap per parked poll: ${BOTS} bots, ${ROUNDS} rounds; ${pinning.note}`);
try {
  for (let round = 0; round < ROUNDS; round++) {
    const order = servers.map((_, i) => servers[(i + round) % servers.length]!);
    for (const server of order) {
      const bytes = await measure(server.file);
      console.log(`  round ${round + 1} ${server.name}: ${(bytes / 1024).toFixed(2)} KiB a parked poll`);
    }
  }
} finally {
  await stopAll();
}
