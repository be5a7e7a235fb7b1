/**
 * The results: the performance goals (issues 4, 10 and 16: the latest target of each) evaluated from
 * the scenarios' metrics, and latest.md / latest.json.
 */
import type { Measured, ScenarioResult } from './context.js';
import { round } from './stats.js';

export interface Machine {
  cpu: string;
  cores: number;
  node: string;
  commit: string;
  pinning: string;
  mode: 'full' | 'quick';
  date: string;
  durationSeconds: number;
  serverEntry: string;
  /** Other work on the machine around the run (it is shared). */
  busy: string;
}

export interface Goal {
  goal: string;
  target: string;
  measured: string;
  status: 'met' | 'not met' | 'not measured';
}

type Metrics = Record<string, number>;

const fmt = (value: number | undefined, unit = '') =>
  value === undefined || !Number.isFinite(value) ? 'n/a' : `${round(value)}${unit}`;

function ratioGoal(
  m: Metrics,
  goal: string,
  num: string,
  den: string,
  min: number,
  label: (ratio: number) => string,
): Goal {
  const a = m[num];
  const b = m[den];
  const target = `>= ${min}`;
  if (a === undefined || b === undefined || !Number.isFinite(a / b)) {
    return { goal, target, measured: 'n/a', status: 'not measured' };
  }
  const ratio = a / b;
  return { goal, target, measured: label(ratio), status: ratio >= min ? 'met' : 'not met' };
}

export function evaluateGoals(m: Metrics): Goal[] {
  const goals: Goal[] = [];
  goals.push(
    ratioGoal(
      m,
      'sendMessage, durable: throughput vs the bare echo',
      'send.rps',
      'echo.rps',
      0.75,
      (r) => `${fmt(r * 100)}% (${fmt(m['send.rps'])} vs ${fmt(m['echo.rps'])} req/s)`,
    ),
  );
  goals.push(
    ratioGoal(
      m,
      "sendMessage, durable: throughput vs the peer's (scenario 5)",
      'peer.parley.send.rps',
      'peer.send.rps',
      4,
      (r) => `${fmt(r)}x (${fmt(m['peer.parley.send.rps'])} vs ${fmt(m['peer.send.rps'])} req/s)`,
    ),
  );
  const p50 = m['rt.poll.p50'];
  const p99 = m['rt.poll.p99'];
  const sideP50 = m['peer.parley.rt.p50'];
  const sideP99 = m['peer.parley.rt.p99'];
  const limit = (goal: string, value: number | undefined, max: number): Goal =>
    value === undefined
      ? { goal, target: `<= ${max} ms`, measured: 'n/a', status: 'not measured' }
      : {
          goal,
          target: `<= ${max} ms`,
          measured: `${fmt(value)} ms`,
          status: value <= max ? 'met' : 'not met',
        };
  const p50Goal = limit('Round trip to getUpdates, light load: p50 (scenario 2)', p50, 0.5);
  const syncP50 = m['rt.sync.p50'];
  // The disk's sync, which every durable round trip holds, is what bounds this goal on a slow disk.
  if (p50Goal.status !== 'not measured' && syncP50 !== undefined)
    p50Goal.measured += ` (one disk sync alone: ${fmt(syncP50)} ms)`;
  goals.push(p50Goal);
  // The p99 of a round trip is bounded by the machine's hiccups as much as by Parley: its goal is a
  // ratio to the p99 of one echo request measured in the same run.
  const echoP99 = m['rt.echo.p99'];
  if (p99 === undefined || echoP99 === undefined) {
    goals.push({
      goal: "Round trip to getUpdates, light load: p99 vs one echo request's p99 (scenario 2)",
      target: '<= 1.5x',
      measured: 'n/a',
      status: 'not measured',
    });
  } else {
    goals.push({
      goal: "Round trip to getUpdates, light load: p99 vs one echo request's p99 (scenario 2)",
      target: '<= 1.5x',
      measured: `${fmt(p99 / echoP99)}x (${fmt(p99)} vs ${fmt(echoP99)} ms)`,
      status: p99 / echoP99 <= 1.5 ? 'met' : 'not met',
    });
  }
  const peerP50 = m['peer.rt.p50'];
  const peerP99 = m['peer.rt.p99'];
  if (sideP50 === undefined || sideP99 === undefined || peerP50 === undefined || peerP99 === undefined) {
    goals.push({
      goal: 'Round trip to getUpdates: better than the peer on p50 and p99',
      target: '< peer',
      measured: 'n/a',
      status: 'not measured',
    });
  } else {
    goals.push({
      goal: 'Round trip to getUpdates: better than the peer on p50 and p99 (scenario 5)',
      target: '< peer',
      measured: `p50 ${fmt(sideP50)} vs ${fmt(peerP50)} ms, p99 ${fmt(sideP99)} vs ${fmt(peerP99)} ms`,
      status: sideP50 < peerP50 && sideP99 < peerP99 ? 'met' : 'not met',
    });
  }
  goals.push(
    ratioGoal(
      m,
      'Webhook fan-out (max_connections 40) vs the plain POST loop',
      'fan.rps',
      'post.rps',
      0.7,
      (r) => `${fmt(r * 100)}% (${fmt(m['fan.rps'])} vs ${fmt(m['post.rps'])} updates/s)`,
    ),
  );
  goals.push(
    ratioGoal(
      m,
      'sendVerificationMessage vs the echo',
      'gw.rps',
      'gw.echo.rps',
      0.5,
      (r) => `${fmt(r * 100)}% (${fmt(m['gw.rps'])} vs ${fmt(m['gw.echo.rps'])} req/s)`,
    ),
  );
  goals.push(
    ratioGoal(
      m,
      'sendMessage on PostgreSQL (one node) vs SQLite (scenario 7)',
      'pg.rps',
      'pg.sqlite.rps',
      0.5,
      (r) => `${fmt(r * 100)}% (${fmt(m['pg.rps'])} vs ${fmt(m['pg.sqlite.rps'])} req/s)`,
    ),
  );
  goals.push(
    ratioGoal(
      m,
      'Two PostgreSQL nodes vs one (scenario 7)',
      'pg.two.rps',
      'pg.one.rps',
      1.3,
      (r) => `${fmt(r)}x (${fmt(m['pg.two.rps'])} vs ${fmt(m['pg.one.rps'])} req/s)`,
    ),
  );
  goals.push(
    ratioGoal(
      m,
      'Growth: sendMessage at 1 million stored messages vs an empty store',
      'grow.full.rps',
      'grow.empty.rps',
      0.9,
      (r) => `${fmt(r * 100)}% (${fmt(m['grow.full.rps'])} vs ${fmt(m['grow.empty.rps'])} req/s)`,
    ),
  );
  goals.push(
    ratioGoal(
      m,
      "Population: the large world's knee vs the small world's (scenario 9)",
      'pop.large.knee',
      'pop.small.knee',
      0.7,
      (r) => `${fmt(r)}x (${fmt(m['pop.large.knee'])} vs ${fmt(m['pop.small.knee'])} messages/s)`,
    ),
  );
  goals.push(
    ratioGoal(
      m,
      "Population: PostgreSQL one node's knee vs SQLite's, small world (scenario 9)",
      'pop.pg.knee',
      'pop.small.knee',
      0.5,
      (r) => `${fmt(r)}x (${fmt(m['pop.pg.knee'])} vs ${fmt(m['pop.small.knee'])} messages/s)`,
    ),
  );
  return goals;
}

function cells(measured: Measured | undefined): string[] {
  if (!measured) return ['', '', '', ''];
  const figure = measured.rssMiB !== undefined ? `${fmt(measured.rssMiB)} MiB RSS` : fmt(measured.rps);
  return [measured.target, figure, fmt(measured.p50), fmt(measured.p99)];
}

export function toMarkdown(machine: Machine, scenarios: ScenarioResult[], goals: Goal[]): string {
  const lines: string[] = [];
  lines.push('# Parley benchmark results', '');
  lines.push(
    `Written by \`npm run bench${machine.mode === 'quick' ? ' -- --quick' : ''}\` (${machine.mode} mode) on ${machine.date}, in ${Math.round(machine.durationSeconds)} s.`,
    '',
  );
  lines.push('| | |', '|---|---|');
  lines.push(`| CPU | ${machine.cpu} (${machine.cores} cores) |`);
  lines.push(`| Node | ${machine.node} |`);
  lines.push(`| Commit | ${machine.commit} |`);
  lines.push(`| Pinning | ${machine.pinning} |`);
  lines.push(`| Server entry | \`${machine.serverEntry}\` |`);
  lines.push(`| Other load | ${machine.busy} |`);
  lines.push('');
  lines.push(
    'All traffic is on loopback through one client (an undici Pool, closed loop). Throughput rows use the',
    'stated number of keep-alive connections; latencies are per request in ms (p50/p99) under that load;',
    '"one at a time" rows and round trips are at light load (one request in flight). Ratio = measured /',
    'baseline of the figure named in the row. Each ratio compares targets measured side by side in the same',
    'scenario (alternating rounds), because the speed of this shared machine drifts by tens of percent; "server',
    'CPU" in the notes below 100% under load means the server waited (I/O) or was crowded out by other work.',
    '',
  );
  lines.push('## Results', '');
  lines.push(
    '| # | Scenario | Target | req/s | p50 ms | p99 ms | Baseline | req/s | p50 ms | p99 ms | Ratio |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  );
  for (const scenario of scenarios) {
    if (scenario.rows.length === 0) {
      lines.push(`| ${scenario.id} | ${scenario.title} | ${scenario.status} | | | | | | | | |`);
      continue;
    }
    for (const row of scenario.rows) {
      const ratio = row.ratio === undefined ? '' : `${fmt(row.ratio)} (${row.ratioOf ?? ''})`;
      lines.push(
        `| ${scenario.id} | ${row.what} | ${cells(row.measured).join(' | ')} | ${cells(row.baseline).join(' | ')} | ${ratio} |`,
      );
    }
  }
  lines.push('');
  lines.push('## Goals', '');
  lines.push('| Goal | Target | Measured | Status |', '|---|---|---|---|');
  for (const goal of goals)
    lines.push(`| ${goal.goal} | ${goal.target} | ${goal.measured} | ${goal.status} |`);
  lines.push('');
  lines.push('## Notes', '');
  for (const scenario of scenarios) {
    lines.push(`### ${scenario.id}. ${scenario.title} (${scenario.status})`, '');
    for (const note of scenario.notes) lines.push(`- ${note}`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}

export function toJson(machine: Machine, scenarios: ScenarioResult[], goals: Goal[]): string {
  const rounded = JSON.parse(
    JSON.stringify(scenarios, (_key, value: unknown) =>
      typeof value === 'number' ? (round(value) ?? null) : value,
    ),
  ) as unknown;
  return `${JSON.stringify({ machine, scenarios: rounded, goals }, null, 2)}\n`;
}
