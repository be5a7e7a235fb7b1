/**
 * Scenario 9: the population (issue 31). People and bots on one node, half of the bots long-polling
 * and half on webhooks, each answering every message; Poisson person messages stepped up in rate
 * until the person-to-reply p99 passes 200 ms (the knee). A small world and a large world are
 * measured at the same rates; the report gives each world's knee, the event loop's worst stall,
 * the server's CPU per message and its memory per bot, and the large world's figures as ratios of
 * the small one's. SQLite always; PostgreSQL (one node, the small world) when a server answers.
 *
 * Sizes: the quick size (the default, inside `npm run bench`, about a minute) and the full size of
 * the issue (100 bots and 1,000 people vs 10,000 bots and 100,000 people) with `--population full`.
 * Loopback only; each step is bounded in time, and the steps stop at the knee.
 */
import { randomBytes } from 'node:crypto';
import type { BenchContext, Row, Scenario, ScenarioResult } from '../lib/context.js';
import { processCpuSeconds } from '../lib/load.js';
import { newDataDir, startParley, type ParleyServer } from '../lib/parley.js';
import { Population, createWorld, type StepFigures, type WorldSize } from '../lib/population.js';
import { rssMiB } from '../lib/processes.js';
import { dropSchema, probe, TEST_POSTGRES_URL } from '../../src/storage/contracts/postgres-server.js';

/** The p99 (ms) of person-to-reply latency that ends the steps. */
const P99_LIMIT_MS = 200;

interface Plan {
  small: WorldSize;
  large: WorldSize;
  rates: number[];
  stepMs: number;
  graceMs: number;
}

const QUICK: Plan = {
  small: { bots: 10, people: 100 },
  large: { bots: 400, people: 4_000 },
  rates: [10, 25, 50, 100, 200, 400],
  stepMs: 3_000,
  graceMs: 2_000,
};

const FULL: Plan = {
  small: { bots: 100, people: 1_000 },
  large: { bots: 10_000, people: 100_000 },
  rates: [100, 200, 400, 700, 1_000, 1_500, 2_000],
  stepMs: 10_000,
  graceMs: 5_000,
};

interface WorldRun {
  label: string;
  size: WorldSize;
  createSeconds: number;
  /** RSS after the world was made and its bots started, MiB. */
  rssMiB: number | undefined;
  steps: StepFigures[];
  /** The highest rate whose p99 stayed within the limit (0 when none did). */
  knee: number;
  /** Whether the last rate tried still passed (the knee is then at least that). */
  kneeAtLeast: boolean;
  /** Messages never answered (lost), after the steps and a last wait. */
  lost: number;
  /** Messages answered twice. */
  duplicates: number;
}

async function runWorld(ctx: BenchContext, server: ParleyServer, label: string, size: WorldSize, plan: Plan) {
  const tag = randomBytes(3).toString('hex');
  const world = await createWorld(server, size, tag);
  const population = new Population(server, world);
  await population.start();
  const run: WorldRun = {
    label,
    size,
    createSeconds: world.createSeconds,
    rssMiB: rssMiB(server.child.pid),
    steps: [],
    knee: 0,
    kneeAtLeast: false,
    lost: 0,
    duplicates: 0,
  };
  try {
    // A warm-up at the first rate, not counted: the server's code is compiled and its caches filled
    // before the first measured step.
    await population.step(plan.rates[0]!, plan.stepMs, plan.graceMs, () =>
      processCpuSeconds(server.child.pid),
    );
    for (const rate of plan.rates) {
      const step = await population.step(rate, plan.stepMs, plan.graceMs, () =>
        processCpuSeconds(server.child.pid),
      );
      run.steps.push(step);
      const p99 = step.latency?.p99 ?? Infinity;
      ctx.log(
        `  ${label}, ${rate}/s: p50 ${step.latency?.p50.toFixed(1)} p99 ${p99.toFixed(1)} ms, stall ${step.worstStallMs.toFixed(0)} ms, ` +
          `CPU ${step.cpuPct.toFixed(0)}% (${step.cpuMsPerMessage.toFixed(2)} ms/message), late ${step.lost}, twice ${step.duplicates}`,
      );
      if (p99 > P99_LIMIT_MS) break;
      run.knee = rate;
    }
    run.kneeAtLeast = run.knee === plan.rates.at(-1);
    run.lost = await population.unanswered(15_000);
    run.duplicates = population.replies.duplicates;
  } finally {
    await population.stop();
  }
  return run;
}

/** The figures of a world at its knee (or its first step when none passed). */
function atKnee(run: WorldRun): StepFigures {
  return run.steps.find((s) => s.rate === run.knee) ?? run.steps[0]!;
}

function row(what: string, measured: WorldRun, baseline: WorldRun): Row {
  const m = atKnee(measured);
  const b = atKnee(baseline);
  return {
    what,
    measured: { target: measured.label, rps: measured.knee, p50: m.latency?.p50, p99: m.latency?.p99 },
    baseline: { target: baseline.label, rps: baseline.knee, p50: b.latency?.p50, p99: b.latency?.p99 },
    ratio: baseline.knee > 0 ? measured.knee / baseline.knee : undefined,
    ratioOf: 'knee (messages/s at p99 <= 200 ms)',
  };
}

export const populationScenario: Scenario = {
  id: 9,
  title: 'Population: the knee of person-to-reply p99 in a small and a large world',
  async run(ctx: BenchContext): Promise<ScenarioResult> {
    const plan = ctx.population === 'full' ? FULL : QUICK;
    const notes: string[] = [
      `${ctx.population === 'full' ? 'Full' : 'Quick'} size: small world ${plan.small.bots} bots and ${plan.small.people} people, large world ${plan.large.bots} bots and ${plan.large.people} people; half of the bots long-poll, half have webhooks; rates ${plan.rates.join(', ')} messages/s, ${plan.stepMs / 1000} s a step, until p99 passes ${P99_LIMIT_MS} ms.`,
    ];
    const runs: WorldRun[] = [];
    for (const [label, size] of [
      ['SQLite, small world', plan.small],
      ['SQLite, large world', plan.large],
    ] as const) {
      const server = await startParley(ctx, { dataDir: newDataDir(ctx, 'population') });
      try {
        runs.push(await runWorld(ctx, server, label, size, plan));
      } finally {
        await server.stop();
      }
    }
    const unavailable = await probe();
    if (unavailable === undefined) {
      const schema = `parley_bench_pop_${randomBytes(4).toString('hex')}`;
      const data = `${TEST_POSTGRES_URL}${TEST_POSTGRES_URL.includes('?') ? '&' : '?'}schema=${schema}`;
      const server = await startParley(ctx, { dataDir: newDataDir(ctx, 'population-pg'), data });
      try {
        runs.push(await runWorld(ctx, server, 'PostgreSQL, one node, small world', plan.small, plan));
      } finally {
        await server.stop();
        await dropSchema(schema).catch(() => undefined);
      }
    } else notes.push(`PostgreSQL not measured: ${unavailable}`);

    const [small, large, pg] = runs as [WorldRun, WorldRun, WorldRun | undefined];
    const rows: Row[] = [row('Knee, large world vs small world (SQLite)', large, small)];
    if (pg) rows.push(row('Knee, PostgreSQL one node vs SQLite (small world)', pg, small));
    const bytesPerBot =
      large.rssMiB !== undefined && small.rssMiB !== undefined
        ? ((large.rssMiB - small.rssMiB) * 1024 * 1024) / (large.size.bots - small.size.bots)
        : undefined;
    // Large vs small at the same rate: the highest rate both worlds were measured at.
    const shared = Math.max(
      ...small.steps.map((s) => s.rate).filter((r) => large.steps.some((l) => l.rate === r)),
    );
    const sk = small.steps.find((s) => s.rate === shared) ?? atKnee(small);
    const lk = large.steps.find((s) => s.rate === shared) ?? atKnee(large);
    for (const run of runs) {
      const k = atKnee(run);
      notes.push(
        `${run.label}: knee ${run.knee}${run.kneeAtLeast ? '+ (the last rate tried still passed)' : ''} messages/s; world made in ${run.createSeconds.toFixed(1)} s; at the knee worst event-loop stall ${k.worstStallMs.toFixed(0)} ms, CPU ${k.cpuMsPerMessage.toFixed(2)} ms per message (${k.cpuPct.toFixed(0)}% of a core); RSS ${run.rssMiB?.toFixed(0)} MiB; messages lost (never answered) ${run.lost}, answered twice ${run.duplicates}, refused ${run.steps.reduce((n, s) => n + s.failed, 0)}.`,
      );
    }
    notes.push(
      `Large vs small world at ${sk.rate} messages/s: CPU per message ${(lk.cpuMsPerMessage / sk.cpuMsPerMessage).toFixed(2)}x, worst stall ${lk.worstStallMs.toFixed(0)} vs ${sk.worstStallMs.toFixed(0)} ms; memory per added bot ${bytesPerBot === undefined ? 'n/a' : `${(bytesPerBot / 1024).toFixed(1)} KiB`} (people included, RSS difference over the bots added).`,
    );
    return {
      id: 9,
      title: this.title,
      status: 'ok',
      rows,
      notes,
      metrics: {
        'pop.small.knee': small.knee,
        'pop.large.knee': large.knee,
        'pop.small.stall': sk.worstStallMs,
        'pop.large.stall': lk.worstStallMs,
        'pop.small.cpuPerMessage': sk.cpuMsPerMessage,
        'pop.large.cpuPerMessage': lk.cpuMsPerMessage,
        ...(bytesPerBot !== undefined ? { 'pop.bytesPerBot': bytesPerBot } : {}),
        ...(pg ? { 'pop.pg.knee': pg.knee } : {}),
        'pop.lost': runs.reduce((n, run) => n + run.lost, 0),
        'pop.duplicates': runs.reduce((n, run) => n + run.duplicates, 0),
      },
    };
  },
};
