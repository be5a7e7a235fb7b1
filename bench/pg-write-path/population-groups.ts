/**
 * `node --import tsx bench/pg-write-path/population-groups.ts [--targets sqlite,pg1] [--bots N]
 *  [--people N] [--groups N] [--server PATH] [--cpu-prof DIR] [--rounds N]` (after `npm run build`)
 *
 * Scenario 9's own world creation (bench/lib/population-world.ts `createWorld`: people, bots, then
 * groups of 20-200 people and one bot, 4 at a time) on SQLite and on one PostgreSQL node, with more
 * groups than scenario 9's quick world (2): the groups' rate, each target's against SQLite's, and
 * the node's CPU and the database's (its backends', read from /proc) a group, over the groups'
 * creation only (issue 31, ADR 0106 addenda "creating a world"). `--cpu-prof DIR`: the node writes
 * a V8 CPU profile there.
 *
 * Needs a PostgreSQL server (PARLEY_TEST_POSTGRES, default 127.0.0.1:5432) for pg1.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { backendCpu, backendCpuSince, setMeasuredApplication } from './backend-cpu.js';
import { processCpuSeconds } from '../lib/load.js';
import { ADMIN_TOKEN } from '../lib/parley.js';
import { createWorld } from '../lib/population-world.js';
import { pinBenchProcess, startChild, stopAll } from '../lib/processes.js';
import { dropSchema, probe, TEST_POSTGRES_URL } from '../../src/storage/contracts/postgres-server.js';

const { values } = parseArgs({
  options: {
    targets: { type: 'string', default: 'sqlite,pg1' },
    bots: { type: 'string', default: '20' },
    people: { type: 'string', default: '2000' },
    groups: { type: 'string', default: '100' },
    server: { type: 'string', default: 'dist/cli/main.js' },
    'cpu-prof': { type: 'string' },
    rounds: { type: 'string', default: '1' },
  },
});
const size = { bots: Number(values.bots), people: Number(values.people), groups: Number(values.groups) };
const pinning = pinBenchProcess();
const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'population-groups-'));
const log = (message: string) => process.stdout.write(`${message}\n`);

async function run(name: string): Promise<number> {
  const pg = name !== 'sqlite';
  const schema = `pgpop_${randomBytes(4).toString('hex')}`;
  const files = mkdtempSync(path.join(tmpDir, `${name}-`));
  const data = pg
    ? `${TEST_POSTGRES_URL}${TEST_POSTGRES_URL.includes('?') ? '&' : '?'}schema=${schema}&application_name=${schema}`
    : path.join(files, 'data');
  try {
    const child = await startChild({
      script: values.server!,
      args: ['start', '--host', '127.0.0.1', '--port', '0', '--data', data, '--admin-token', ADMIN_TOKEN],
      env: { PARLEY_LOG_LEVEL: 'warn', PARLEY_FILES: path.join(files, 'files') },
      ready: /Control API: (http:\/\/\S+)\/control/,
      pinning,
      ...(values['cpu-prof'] && { nodeFlags: ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] }),
    });
    setMeasuredApplication(pg ? schema : undefined);
    let cpu = 0;
    let dbBefore = new Map<number, number>();
    const world = await createWorld([child.ready], size, randomBytes(3).toString('hex'), async () => {
      dbBefore = await backendCpu();
      cpu = processCpuSeconds(child.pid);
    });
    const nodeMs = ((processCpuSeconds(child.pid) - cpu) * 1000) / size.groups;
    const dbMs = ((await backendCpuSince(dbBefore)) * 1000) / size.groups;
    const groupsPerSecond = size.groups / world.groupSeconds;
    log(
      `${name}: ${groupsPerSecond.toFixed(1)} groups/s, ${(world.memberships / world.groupSeconds).toFixed(0)} memberships/s; ` +
        `a group: node CPU ${nodeMs.toFixed(2)} ms${pg ? `, database CPU ${dbMs.toFixed(2)} ms` : ''}; ` +
        `world made in ${world.createSeconds.toFixed(1)} s`,
    );
    return groupsPerSecond;
  } finally {
    await stopAll();
    if (pg) await dropSchema(schema).catch(() => undefined);
  }
}

log(
  `population-groups: ${size.bots} bots, ${size.people} people, ${size.groups} groups (20-200 people); ${pinning.note}`,
);
const targets = values.targets!.split(',');
const missing = targets.some((t) => t !== 'sqlite') ? await probe() : undefined;
if (missing) throw new Error(`no PostgreSQL server: ${missing}`);
try {
  // Rounds of every target in turn: the machine's load moves the rates, the ratios within a round less.
  for (let round = 1; round <= Number(values.rounds); round++) {
    const rates = new Map<string, number>();
    for (const target of targets) rates.set(target, await run(target));
    const base = rates.get('sqlite');
    if (base)
      for (const [target, rate] of rates)
        if (target !== 'sqlite') log(`groups/s ${target} / SQLite: ${(rate / base).toFixed(2)}`);
  }
} finally {
  rmSync(tmpDir, { recursive: true, force: true });
}
