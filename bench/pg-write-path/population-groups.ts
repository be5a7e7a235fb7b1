/**
 * `node --import tsx bench/pg-write-path/population-groups.ts [--targets sqlite,pg1] [--bots N]
 *  [--people N] [--groups N] [--server PATH]` (after `npm run build`)
 *
 * Scenario 9's own world creation (bench/lib/population-world.ts `createWorld`: people, bots, then
 * groups of 20-200 people and one bot, 4 at a time) on SQLite and on one PostgreSQL node, with more
 * groups than scenario 9's quick world (2): the groups' rate, each target's against SQLite's, and
 * the node's CPU over the whole creation (issue 31, ADR 0106 addendum "creating a world").
 *
 * Needs a PostgreSQL server (PARLEY_TEST_POSTGRES, default 127.0.0.1:5432) for pg1.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
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
    ? `${TEST_POSTGRES_URL}${TEST_POSTGRES_URL.includes('?') ? '&' : '?'}schema=${schema}`
    : path.join(files, 'data');
  try {
    const child = await startChild({
      script: values.server!,
      args: ['start', '--host', '127.0.0.1', '--port', '0', '--data', data, '--admin-token', ADMIN_TOKEN],
      env: { PARLEY_LOG_LEVEL: 'warn', PARLEY_FILES: path.join(files, 'files') },
      ready: /Control API: (http:\/\/\S+)\/control/,
      pinning,
    });
    const cpu = processCpuSeconds(child.pid);
    const world = await createWorld([child.ready], size, randomBytes(3).toString('hex'));
    const groupsPerSecond = size.groups / world.groupSeconds;
    log(
      `${name}: ${groupsPerSecond.toFixed(1)} groups/s, ${(world.memberships / world.groupSeconds).toFixed(0)} memberships/s; ` +
        `world made in ${world.createSeconds.toFixed(1)} s, node CPU ${(processCpuSeconds(child.pid) - cpu).toFixed(2)} s`,
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
const rates = new Map<string, number>();
try {
  for (const target of targets) rates.set(target, await run(target));
} finally {
  rmSync(tmpDir, { recursive: true, force: true });
}
const base = rates.get('sqlite');
if (base)
  for (const [target, rate] of rates)
    if (target !== 'sqlite') log(`groups/s ${target} / SQLite: ${(rate / base).toFixed(2)}`);
