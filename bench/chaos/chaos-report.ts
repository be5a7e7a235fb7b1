/** The chaos run's summary: one table per mode, the sums over its trials. */
import type { Mode, TrialResult } from './trial.js';

function table(header: string[], rows: Array<Array<string | number>>): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => row[i]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, i) => cell.padStart(widths[i]!)).join(' | ')} |`;
  return [
    line(cells[0]!),
    `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`,
    ...cells.slice(1).map(line),
  ].join('\n');
}

type Column = [header: string, value: (results: TrialResult[]) => string | number];

const sum = (pick: (r: TrialResult) => number | undefined) => (results: TrialResult[]) =>
  results.reduce((total, r) => total + (pick(r) ?? 0), 0);

const COMMON: Column[] = [
  ['trials', (results) => results.length],
  ['failed', (results) => results.filter((r) => r.failed).length],
];

const COLUMNS: Record<'messages' | 'gateway', Column[]> = {
  messages: [
    ...COMMON,
    ['acknowledged', sum((r) => r.messages?.acknowledged)],
    ['received', sum((r) => r.messages?.received)],
    ['lost', sum((r) => r.messages?.lost)],
    ['duplicated', sum((r) => r.messages?.duplicated)],
    ['redelivered (allowed)', sum((r) => r.messages?.redelivered)],
    [
      'unanswered (received)',
      (results) =>
        `${sum((r) => r.messages?.unanswered)(results)} (${sum((r) => r.messages?.unansweredReceived)(results)})`,
    ],
  ],
  gateway: [
    ...COMMON,
    ['acknowledged', sum((r) => r.gateway?.acknowledged)],
    ['charged', sum((r) => r.gateway?.charges)],
    ['lost', sum((r) => r.gateway?.lost)],
    ['charged twice', sum((r) => r.gateway?.chargedTwice)],
    ['charged unanswered', sum((r) => r.gateway?.chargedUnanswered)],
    [
      'balance checks passed',
      (results) => `${results.filter((r) => r.gateway?.balanceOk).length}/${results.length}`,
    ],
  ],
};

export function modeTable(mode: Mode, results: TrialResult[]): string {
  const columns = COLUMNS[mode === 'gateway' ? 'gateway' : 'messages'];
  return table(
    columns.map(([header]) => header),
    [columns.map(([, value]) => value(results))],
  );
}

/** One line per trial, as it ends. */
export function trialLine(r: TrialResult): string {
  const m = r.messages;
  const g = r.gateway;
  const what = m
    ? `acknowledged ${m.acknowledged}, received ${m.received}, lost ${m.lost}, duplicated ${m.duplicated}, ` +
      `redelivered ${m.redelivered}, unanswered ${m.unanswered} (${m.unansweredReceived} received)`
    : g
      ? `acknowledged ${g.acknowledged}, charged ${g.charges}, lost ${g.lost}, charged twice ${g.chargedTwice}, ` +
        `charged unanswered ${g.chargedUnanswered}, balance ${g.balanceOk ? 'ok' : 'WRONG'}`
      : 'did not run';
  return (
    `  ${r.mode} #${r.trial} (trial seed ${r.seed}): killed after ${r.ackedAtKill} acknowledged, down ` +
    `${r.downtimeMs} ms; ${what}; ${r.seconds.toFixed(1)} s${r.failed ? '  FAILED' : ''}`
  );
}
