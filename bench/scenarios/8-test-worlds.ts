/**
 * Scenario 8: the test author's figures (issue 28), each as a ratio against a baseline measured in
 * the same run, in one process as a test file lives (bench/lib/kit-figures.ts, pinned to the server
 * core): warm `createParley()` against starting the peer (telegram-test-api) in-process; one echo
 * exchange through grammY against the same exchange on the peer; a workspace's create and reset
 * against a bare `BEGIN; INSERT; COMMIT` on the same storage (an in-memory SQLite); the memory of an
 * idle workspace against an idle server. Reported as they are: the cold start (a fresh `node` that
 * imports the kit and starts a server) and a 200-test vitest suite with a workspace per test (four
 * files of 50 sharing one server each, run by vitest's workers, each a process that runs its files one
 * after another: `isolate: false`, as docs/testing.md recommends).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { stripVTControlCharacters } from 'node:util';
import type { BenchContext, Row, Scenario, ScenarioResult } from '../lib/context.js';
import { ROOT, startChild } from '../lib/processes.js';

/** The kit's entry beside the server entry the bench runs (dist or src). */
function kitEntry(ctx: BenchContext): string {
  const root = ctx.serverEntry.startsWith('src/') ? 'src/testkit/index.ts' : 'dist/testkit/index.js';
  return path.resolve(ROOT, path.dirname(ctx.serverEntry), '..', '..', root);
}

/** Runs `node args` to its end; its wall time in ms, and its output. */
function runNode(args: string[], cwd: string): Promise<{ ms: number; output: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += String(chunk)));
    child.stderr.on('data', (chunk) => (output += String(chunk)));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ ms: performance.now() - t0, output, code }));
  });
}

/** A fresh process that imports the kit, starts a server and stops it: wall, import and start. */
async function coldStart(kit: string, cwd: string): Promise<{ wall: number; load: number; start: number }> {
  const script = `
    const t0 = performance.now();
    const { createParley } = await import(${JSON.stringify(kit)});
    const t1 = performance.now();
    const parley = await createParley();
    const t2 = performance.now();
    console.log(JSON.stringify({ load: t1 - t0, start: t2 - t1 }));
    await parley.close();`;
  const loader = kit.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const run = await runNode([...loader, '--input-type=module', '-e', script], cwd);
  const line = /\{"load".*\}/.exec(run.output);
  if (run.code !== 0 || !line) throw new Error(`the cold start failed:\n${run.output}`);
  return { wall: run.ms, ...(JSON.parse(line[0]) as { load: number; start: number }) };
}

const SUITE_FILES = 4;
const SUITE_TESTS = 200;

/**
 * Writes the 200-test suite (globals, so that the files import nothing but the kit). A project that
 * installed Parley has the kit under node_modules/, which vitest leaves to Node; this suite imports it
 * from the checkout's dist/, which vitest would run through Vite's transforms, the 2 MB in-process
 * bundle included (seconds per worker, ADR 0094's addendum "a test file's own cost"), so the config
 * names dist/ external, as docs/testing.md tells a project that links Parley from a checkout.
 *
 * The rest of the config is what docs/testing.md recommends for a workspace per test: forks, and
 * `isolate: false`, so that a worker runs its files one after another in one process (each file
 * still starts its own server, each test its own workspace) instead of a new process per file that
 * loads vitest's runner, the kit and the server's code again (ADR 0094's addendum "the 200-test file").
 */
function writeSuite(dir: string, kit: string): void {
  mkdirSync(dir, { recursive: true });
  // dist/ of the kit's checkout, as a pattern of a module's path.
  const dist = `${path.dirname(path.dirname(kit))}${path.sep}`.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const external = kit.endsWith('.js')
    ? `server: { deps: { external: [new RegExp(${JSON.stringify(dist)})] } }, `
    : '';
  writeFileSync(
    path.join(dir, 'vitest.config.mjs'),
    `export default { test: { ${external}globals: true, include: ['*.test.mjs'], pool: 'forks', isolate: false, testTimeout: 30000, hookTimeout: 30000 } };\n`,
  );
  const perFile = SUITE_TESTS / SUITE_FILES;
  for (let f = 0; f < SUITE_FILES; f++) {
    writeFileSync(
      path.join(dir, `world-${f}.test.mjs`),
      `import { createParley } from ${JSON.stringify(kit)};
let server;
let world;
beforeAll(async () => { server = await createParley(); });
afterAll(() => server.close());
beforeEach(async () => { world = await server.createWorkspace(); });
afterEach(() => world.close());
for (let i = 0; i < ${perFile}; i++) {
  test('a world of its own ' + i, async () => {
    const bot = await world.createBot({ username: 'echo_bot' });
    const alice = await world.createUser({ first_name: 'Alice' });
    const sent = await alice.send('@echo_bot', 'hi ' + i);
    if (sent.text !== 'hi ' + i || typeof bot.token !== 'string') throw new Error('unexpected');
  });
}
`,
    );
  }
}

const BARE = 'better-sqlite3 :memory:';

/** A row comparing two median times (ms); the ratio is the first over the second. */
function timeRow(
  what: string,
  [[target, value], [baseTarget, base]]: [[string, number], [string, number]],
): Row {
  return {
    what,
    measured: { target, p50: value },
    baseline: { target: baseTarget, p50: base },
    ratio: value / base,
    ratioOf: 'median time (lower is better)',
  };
}

export const testWorldsScenario: Scenario = {
  id: 8,
  title: "The test author's figures: worlds, starts and exchanges of the test kit",
  async run(ctx: BenchContext): Promise<ScenarioResult> {
    const kit = kitEntry(ctx);
    const rounds = ctx.quick ? 10 : 30;
    const child = await startChild({
      script: 'bench/lib/kit-figures.ts',
      args: ['--kit', kit, '--rounds', String(rounds)],
      nodeFlags: ['--expose-gc'],
      ready: /ready/,
      pinning: ctx.pinning,
      readyTimeoutMs: 60_000,
    });
    const deadline = setTimeout(() => void child.stop(1_000), 480_000);
    await child.exited;
    clearTimeout(deadline);
    const line = /\{"figures".*\}/.exec(child.output());
    if (!line) throw new Error(`kit-figures ended without figures:\n${child.output().slice(-2000)}`);
    const f = (JSON.parse(line[0]) as { figures: Record<string, number> }).figures;

    const colds: Array<{ wall: number; load: number; start: number }> = [];
    for (let i = 0; i < (ctx.quick ? 2 : 5); i++) colds.push(await coldStart(kit, ROOT));
    const coldMedian = (key: 'wall' | 'load' | 'start') =>
      [...colds.map((c) => c[key])].sort((a, b) => a - b)[Math.floor(colds.length / 2)]!;

    const suiteDir = path.join(ctx.tmpDir, 'kit-suite');
    writeSuite(suiteDir, kit);
    const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
    const suite = await runNode(
      [vitest, 'run', '--root', suiteDir, '--config', 'vitest.config.mjs'],
      suiteDir,
    );
    const passed = new RegExp(`Tests\\s+${SUITE_TESTS} passed`).test(stripVTControlCharacters(suite.output));

    return {
      id: 8,
      title: this.title,
      status: 'ok',
      rows: [
        timeRow('warm createParley() vs starting the peer in-process', [
          ['Parley (test kit)', f.start!],
          ['telegram-test-api (new TelegramServer() + start())', f.peerStart!],
        ]),
        timeRow('one echo exchange through grammY (send, bot replies, wait) vs the same on the peer', [
          ['Parley (kit send + waitForMessage)', f.exchange!],
          ['telegram-test-api (client.sendMessage + waitBotMessage)', f.peerExchange!],
        ]),
        timeRow('workspace create vs a bare BEGIN; INSERT; COMMIT on in-memory SQLite', [
          ['createWorkspace()', f.create!],
          [BARE, f.bareWrite!],
        ]),
        timeRow('workspace reset vs a bare BEGIN; INSERT; COMMIT on in-memory SQLite', [
          ['POST /control/workspaces/NAME/reset', f.reset!],
          [BARE, f.bareWrite!],
        ]),
        {
          what: `memory of one idle workspace vs the process with an idle server (${f.workspaceFds} fds each)`,
          measured: { target: 'an idle workspace', rssMiB: f.workspaceMiB },
          baseline: { target: 'an idle in-process server', rssMiB: f.idleServerMiB },
          ratio: f.workspaceMiB! / f.idleServerMiB!,
          ratioOf: 'resident memory',
        },
        {
          what: `memory of 1,000 idle workspaces on one server (goal under 500 MB in all)`,
          measured: { target: '1,000 idle workspaces', rssMiB: f.thousandMiB },
          baseline: { target: 'an idle in-process server', rssMiB: f.idleServerMiB },
          ratio: f.thousandMiB! / f.idleServerMiB!,
          ratioOf: 'resident memory',
        },
        {
          what: 'cold start: a fresh node imports the kit and starts a server (wall)',
          measured: { target: 'Parley', p50: coldMedian('wall') },
          note: `import ${coldMedian('load').toFixed(0)} ms, first createParley() ${coldMedian('start').toFixed(0)} ms (medians of ${colds.length})`,
        },
        {
          what: `${SUITE_TESTS} vitest tests, a workspace each (${SUITE_FILES} files, one server per file), wall`,
          measured: { target: passed ? 'vitest run' : 'vitest run (FAILED)', p50: suite.ms },
        },
      ],
      notes: [
        `Medians of ${rounds} samples in one process (bench/lib/kit-figures.ts); memory after a GC, over 1,000 idle workspaces.`,
        "The peer's start is what a test pays for it: `new TelegramServer()` (which builds its express app) and `start()`, timed together.",
        "The peer's getUpdates answers at once, so grammY polls it back to back; Parley's is a long poll.",
        ...(passed ? [] : [`The vitest suite did not pass:\n${suite.output.slice(-1500)}`]),
      ],
      metrics: {
        'kit.start': f.start!,
        'kit.peer.start': f.peerStart!,
        'kit.exchange': f.exchange!,
        'kit.peer.exchange': f.peerExchange!,
        'kit.workspace.create': f.create!,
        'kit.workspace.reset': f.reset!,
        'kit.bare.write': f.bareWrite!,
        'kit.workspace.mib': f.workspaceMiB!,
        'kit.workspace.fds': f.workspaceFds!,
        'kit.workspaces.1000.mib': f.thousandMiB!,
        'kit.server.mib': f.idleServerMiB!,
        'kit.cold.wall': coldMedian('wall'),
        'kit.cold.start': coldMedian('load') + coldMedian('start'),
        'kit.suite.wall': suite.ms,
      },
    };
  },
};
