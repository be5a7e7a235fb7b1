/**
 * `npm run chaos [-- --mode polling|webhook|gateway|all] [--trials N] [--seed S] [--trial K]
 *   [--messages N] [--requests N] [--concurrency N] [--server dist|src] [--max-seconds S] [--memory]`
 *
 * SIGKILL trials of Parley's durability. Each trial starts `parley start` as a child process on a
 * fresh data folder (SQLite on disk) and a loopback port, drives a burst of sends from concurrent
 * clients, kills the server with SIGKILL at a seeded moment (0-25 ms after a seeded number of sends,
 * 15-85 % of them, were acknowledged), starts it again on the same folder and port after a seeded
 * downtime, lets the burst finish, and checks the outcome:
 *
 * - polling: people send the bot messages (`POST /control/messages`, each text unique); a getUpdates
 *   loop reads them across the kill (polling-consumer.ts).
 * - webhook: the same, POSTed by the server to a loopback receiver (webhook-consumer.ts).
 * - gateway: charged verification requests against a limited balance; the books after the restart
 *   (gateway-trial.ts).
 *
 * What counts (delivery-tally.ts and gateway-trial.ts give the full rules):
 * - acknowledged: the send was answered 2xx. Parley answers after its commit, so it must survive.
 * - lost: acknowledged, and never received by the bot (polling, webhook), or without its charge or
 *   unknown after the restart (gateway). A defect.
 * - duplicated: received again after the server was told it was received (a later getUpdates offset
 *   answered 2xx: the consumer's first call after the restart carries no offset, so that a
 *   confirmation the server forgot shows; a webhook POST answered 200 in the same lifetime of the
 *   server), or one message received under two update_ids; for the gateway, a request charged
 *   twice. A defect.
 * - redelivered (allowed): received again when the earlier receipt was not confirmed durably (returned
 *   by getUpdates and not yet confirmed when the kill came; a webhook POST answered 200 whose deletion
 *   had not committed when the kill came). At-least-once delivery allows it.
 * - unanswered: the send got no answer (in flight at the kill): may or may not have happened, and is
 *   counted apart (with how many of them arrived anyway; for the gateway, how many were charged).
 *
 * Defaults: 5 trials per mode, 1000 messages or 400 gateway requests (the balance pays for 300) per
 * trial, 32 senders at once; about a minute in all on 2 cores. `--max-seconds` (180) starts no trial
 * past it, and a run still going 60 s later is stopped.
 *
 * `--memory` is the control run: the servers keep their data in memory (`--data :memory:`), so a kill
 * loses everything and every trial must fail; it shows that the trials see a loss when there is one.
 *
 * Exit code 0 when no trial found a defect, 1 otherwise, 2 on bad arguments. The run's seed is
 * printed; each trial's draws (kill point, downtime, senders) derive from it, its mode and its number,
 * so `--seed S --mode M --trial K` repeats trial K of mode M (the timing of the processes, and so the
 * exact requests in flight at the kill, still varies). Servers run pinned to core 0 and this process
 * to core 1 when taskset exists, as in the bench. Temporary folders are removed at the end.
 */
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { pinBenchProcess, ROOT, stopAll } from '../lib/processes.js';
import { modeTable, trialLine } from './chaos-report.js';
import { gatewayTrial, MAX_REQUESTS } from './gateway-trial.js';
import { messageTrial } from './message-trial.js';
import { PollingConsumer } from './polling-consumer.js';
import { seededRandom, trialSeed } from './seeded-random.js';
import type { Mode, TrialContext, TrialResult } from './trial.js';
import { WebhookConsumer } from './webhook-consumer.js';

const MODES: Mode[] = ['polling', 'webhook', 'gateway'];
const log = (message: string) => process.stdout.write(`${message}\n`);
const usage = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(2);
};

const OPTIONS = {
  mode: { type: 'string', default: 'all' },
  trials: { type: 'string', default: '5' },
  trial: { type: 'string' },
  seed: { type: 'string' },
  messages: { type: 'string', default: '1000' },
  requests: { type: 'string', default: '400' },
  concurrency: { type: 'string', default: '32' },
  server: { type: 'string', default: 'dist' },
  'max-seconds': { type: 'string', default: '180' },
  memory: { type: 'boolean', default: false },
} as const;
const { values } = parseArgs({ options: OPTIONS });

const positive = (name: string, text: string | undefined): number => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : usage(`--${name} must be a positive integer`);
};
const modes = values.mode === 'all' ? MODES : MODES.filter((m) => m === values.mode);
if (modes.length === 0) usage(`--mode must be one of ${MODES.join(', ')}, all`);
const trials = positive('trials', values.trials);
const only = values.trial === undefined ? undefined : positive('trial', values.trial);
const runSeed = values.seed === undefined ? randomInt(2 ** 32) : Number(values.seed);
if (!Number.isInteger(runSeed) || runSeed < 0 || runSeed >= 2 ** 32)
  usage('--seed must be an integer in [0, 2^32)');
const maxSeconds = positive('max-seconds', values['max-seconds']);
const messages = positive('messages', values.messages);
const requests = positive('requests', values.requests);
if (requests > MAX_REQUESTS)
  usage(`--requests may be at most ${MAX_REQUESTS} (the ledger route answers 1000 entries)`);
const concurrency = positive('concurrency', values.concurrency);
const entry =
  values.server === 'src' ? 'src/cli/main.ts' : values.server === 'dist' ? 'dist/cli/main.js' : undefined;
if (!entry) usage('--server must be dist or src');
if (!existsSync(path.join(ROOT, entry!)))
  usage(`${entry} is missing: run npm run build first (or --server src)`);

const pinning = pinBenchProcess();
const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'parley-chaos-'));
let interrupted = false;
const onSignal = (signal: NodeJS.Signals) => {
  if (interrupted) return;
  interrupted = true;
  log(`\n${signal}: stopping what the chaos run started`);
  void stopAll().finally(() => {
    rmSync(tmpDir, { recursive: true, force: true });
    process.exit(130);
  });
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
// A trial that hangs (a request the server never answers) cannot keep the run going for ever.
const watchdog = setTimeout(
  () => {
    log(`\nThe run took over ${maxSeconds + 60} s: stopping it`);
    void stopAll().finally(() => {
      rmSync(tmpDir, { recursive: true, force: true });
      process.exit(1);
    });
  },
  (maxSeconds + 60) * 1000,
);
watchdog.unref();

log(
  `Parley chaos: seed ${runSeed}, ${only === undefined ? `${trials} trial(s)` : `trial ${only}`} per mode ` +
    `(${modes.join(', ')}), server ${entry}${values.memory ? ', control run (--memory)' : ''}; ${pinning.note}`,
);
const started = performance.now();
const results = new Map<Mode, TrialResult[]>(modes.map((mode) => [mode, []]));
let skipped = 0;
for (const mode of modes) {
  for (const trial of only === undefined ? Array.from({ length: trials }, (_, i) => i + 1) : [only]) {
    if ((performance.now() - started) / 1000 > maxSeconds) {
      skipped += 1;
      continue;
    }
    const seed = trialSeed(runSeed, mode, trial);
    const ctx: TrialContext = {
      mode,
      trial,
      seed,
      random: seededRandom(seed),
      entry: entry!,
      pinning,
      tmpDir,
      sends: mode === 'gateway' ? requests : messages,
      concurrency,
      memory: values.memory!,
      settleMs: values.memory ? 3_000 : 15_000,
    };
    const result =
      mode === 'gateway'
        ? await gatewayTrial(ctx)
        : await messageTrial(ctx, (server, token, tally) =>
            mode === 'polling'
              ? new PollingConsumer(server, token, tally)
              : new WebhookConsumer(server, token, tally),
          );
    results.get(mode)!.push(result);
    log(trialLine(result));
    for (const note of result.notes) log(`    ${note.replaceAll('\n', '\n    ')}`);
  }
}
await stopAll();
rmSync(tmpDir, { recursive: true, force: true });

const failed = [...results.values()].flat().filter((r) => r.failed);
for (const [mode, list] of results) log(`\n${mode}\n${modeTable(mode, list)}`);
if (skipped > 0) log(`\n${skipped} trial(s) skipped: the run passed --max-seconds ${maxSeconds}`);
log(`\nSeed ${runSeed}; ${((performance.now() - started) / 1000).toFixed(0)} s.`);
if (failed.length === 0) log('No defect found: nothing acknowledged was lost, nothing duplicated.');
// The options that shape a trial, where they differ from the defaults, for the line that repeats it.
const shaping = (['messages', 'requests', 'concurrency', 'server', 'memory'] as const)
  .filter((name) => values[name] !== OPTIONS[name].default)
  .map((name) => (values[name] === true ? ` --${name}` : ` --${name} ${String(values[name])}`))
  .join('');
for (const r of failed) {
  log(
    `FAILED: ${r.mode} trial ${r.trial}; repeat it with ` +
      `npm run chaos -- --seed ${runSeed} --mode ${r.mode} --trial ${r.trial}${shaping}`,
  );
}
process.exit(failed.length === 0 ? 0 : 1);
