/**
 * `npm run bench [-- --quick] [--only 1,3] [--cpu-prof] [--cpu-prof-dir DIR] [--server dist|src|head|PATH]
 *   [--population quick|full] [--worlds small,large,pg1,pg2] [--rates 100,200]` (scenario 9's worlds: quick
 *   by default, the issue's sizes with full; --worlds measures only those named, for a cheap comparison
 *   of one; --rates steps at those rates only, each measured past the knee too)
 *
 * Starts what each scenario needs on loopback (Parley on a fresh temporary data folder, the echo, the
 * peer, receivers), measures, stops everything it started, and writes bench/results/latest.md and
 * latest.json (a run with --only or --cpu-prof writes `partial.*` or into the profile folder instead).
 * Servers run as children pinned to core 0, this process (the load generator) on core 1.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { BenchContext, Scenario, ScenarioResult } from './lib/context.js';
import { profileReport } from './lib/cpu-profile.js';
import {
  exportHead,
  gitCommit,
  machineBusyPct,
  pinBenchProcess,
  ROOT,
  stopAll,
  waitForQuiet,
} from './lib/processes.js';
import { evaluateGoals, toJson, toMarkdown, type Machine } from './lib/report.js';
import { sendMessageScenario } from './scenarios/1-send-message.js';
import { roundTripScenario } from './scenarios/2-round-trip.js';
import { webhookFanOutScenario } from './scenarios/3-webhook-fan-out.js';
import { gatewayScenario } from './scenarios/4-gateway.js';
import { peerScenario } from './scenarios/5-peer.js';
import { growthScenario } from './scenarios/6-growth.js';
import { postgresScenario } from './scenarios/7-postgres.js';
import { testWorldsScenario } from './scenarios/8-test-worlds.js';
import { populationScenario } from './scenarios/9-population.js';
import { mediaScenario } from './scenarios/10-media.js';

const SCENARIOS: Scenario[] = [
  sendMessageScenario,
  roundTripScenario,
  webhookFanOutScenario,
  gatewayScenario,
  peerScenario,
  growthScenario,
  postgresScenario,
  testWorldsScenario,
  populationScenario,
  mediaScenario,
];

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    only: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    'cpu-prof-dir': { type: 'string', default: path.join(os.tmpdir(), 'prof') },
    server: { type: 'string', default: 'dist' },
    population: { type: 'string', default: 'quick' },
    worlds: { type: 'string', default: 'small,large,pg1,pg2' },
    rates: { type: 'string' },
  },
});

const quick = values.quick!;
const only = values.only?.split(',').map(Number);
const cpuProfDir = values['cpu-prof'] ? path.resolve(values['cpu-prof-dir']!) : undefined;
const log = (message: string) => process.stdout.write(`${message}\n`);
const pinning = pinBenchProcess();
const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-'));

// `dist` (the default: what `npm start` runs; `npm run bench` builds it first) runs the working tree's
// build, `src` its sources through tsx (whose loader then shows in profiles), `head` the sources of the
// commit HEAD (exported to the temporary folder), a path another checkout's entry.
let serverEntry: string;
let commit = gitCommit();
if (values.server === 'src') serverEntry = 'src/cli/main.ts';
else if (values.server === 'dist') serverEntry = 'dist/cli/main.js';
else if (values.server === 'head') {
  serverEntry = exportHead(tmpDir);
  commit = `${commit.split(' ')[0]} (HEAD exported; working tree not measured)`;
} else serverEntry = path.resolve(values.server!);
if (!existsSync(path.resolve(ROOT, serverEntry))) {
  process.stderr.write(
    `${serverEntry} is missing${values.server === 'dist' ? ': run npm run build first' : ''}\n`,
  );
  rmSync(tmpDir, { recursive: true, force: true });
  process.exit(2);
}
if (cpuProfDir) mkdirSync(cpuProfDir, { recursive: true });
const profilesBefore = new Set(cpuProfDir ? readdirSync(cpuProfDir) : []);

const ctx: BenchContext = {
  quick,
  timing: quick
    ? { warmupMs: 500, roundWarmupMs: 200, rounds: 2, roundMs: 1_000, latencyWarmup: 50, latencySamples: 300 }
    : {
        warmupMs: 2_000,
        roundWarmupMs: 250,
        rounds: 4,
        roundMs: 2_500,
        latencyWarmup: 200,
        latencySamples: 3_000,
      },
  pinning,
  tmpDir,
  serverEntry,
  cpuProfDir,
  connections: 50,
  population: values.population === 'full' ? 'full' : 'quick',
  worlds: new Set(values.worlds!.split(',').map((w) => w.trim())),
  ...(values.rates && { rates: values.rates.split(',').map(Number) }),
  metrics: {},
  log,
};

let interrupted = false;
const onSignal = (signal: NodeJS.Signals) => {
  if (interrupted) return;
  interrupted = true;
  log(`\n${signal}: stopping what the bench started`);
  void stopAll().finally(() => {
    rmSync(tmpDir, { recursive: true, force: true });
    process.exit(130);
  });
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);

log(`Parley bench (${quick ? 'quick' : 'full'}); ${pinning.note}`);
const busyAtStart = await waitForQuiet(log, quick ? 10_000 : 120_000);
const started = performance.now();
const results: ScenarioResult[] = [];
for (const scenario of SCENARIOS) {
  if (only && !only.includes(scenario.id)) continue;
  log(`\n[${scenario.id}] ${scenario.title}`);
  const t0 = performance.now();
  try {
    const result = await scenario.run(ctx);
    results.push(result);
    Object.assign(ctx.metrics, result.metrics);
    for (const row of result.rows) {
      const m = row.measured;
      log(
        `  ${row.what}: ${m.target} ${m.rps !== undefined ? `${m.rps.toFixed(0)}/s ` : ''}` +
          `${m.p50 !== undefined ? `p50 ${m.p50.toFixed(3)} p99 ${m.p99?.toFixed(3)} ms ` : ''}` +
          `${m.rssMiB !== undefined ? `RSS ${m.rssMiB.toFixed(1)} MiB ` : ''}` +
          `${row.ratio !== undefined ? `ratio ${row.ratio.toFixed(3)} (${row.ratioOf})` : ''}`,
      );
    }
    for (const note of result.notes) log(`  note: ${note}`);
  } catch (error) {
    log(`  failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    results.push({
      id: scenario.id,
      title: scenario.title,
      status: 'failed',
      rows: [],
      notes: [`Failed: ${error instanceof Error ? error.message : String(error)}`],
      metrics: {},
    });
  } finally {
    // Whatever a failed scenario left running is stopped before the next one starts.
    await stopAll();
  }
  log(`  (${((performance.now() - t0) / 1000).toFixed(1)} s)`);
}

const goals = evaluateGoals(ctx.metrics);
const busyAtEnd = await machineBusyPct();
const machine: Machine = {
  cpu: os.cpus()[0]?.model ?? 'unknown',
  cores: os.cpus().length,
  node: process.version,
  commit,
  pinning: pinning.note,
  mode: quick ? 'quick' : 'full',
  date: new Date().toISOString(),
  durationSeconds: (performance.now() - started) / 1000,
  busy: `${busyAtStart.toFixed(0)}% of all cores busy before the run, ${busyAtEnd.toFixed(0)}% after it; load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} at the end`,
  serverEntry: values.server === 'head' ? 'src/cli/main.ts of HEAD (git archive), through tsx' : serverEntry,
};

const outDir = cpuProfDir ?? path.join(ROOT, 'bench', 'results');
const name = cpuProfDir ? 'profiled-run' : only ? 'partial' : 'latest';
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, `${name}.md`), toMarkdown(machine, results, goals));
writeFileSync(path.join(outDir, `${name}.json`), toJson(machine, results, goals));
log('\nGoals:');
for (const goal of goals) log(`  ${goal.status.padEnd(12)} ${goal.goal}: ${goal.measured} (${goal.target})`);
log(`\nWrote ${path.relative(process.cwd(), path.join(outDir, `${name}.md`))} and .json`);

if (cpuProfDir) {
  const profiles = readdirSync(cpuProfDir).filter((f) => f.endsWith('.cpuprofile') && !profilesBefore.has(f));
  const reports = profiles.map((f) => profileReport(path.join(cpuProfDir, f)));
  writeFileSync(path.join(cpuProfDir, 'summary.md'), `${reports.join('\n\n')}\n`);
  log(`CPU profiles: ${profiles.join(', ') || 'none'}; summary in ${path.join(cpuProfDir, 'summary.md')}`);
}
rmSync(tmpDir, { recursive: true, force: true });
log(`Done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
