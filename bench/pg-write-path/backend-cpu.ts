/**
 * The database's CPU spent for the target bench/pg-write-path/run.ts measures: its nodes connect
 * with the schema's name as their application_name, and their backends' CPU is read from /proc (the
 * database runs on this machine). A backend that ended during a step takes its CPU with it (the
 * pools keep theirs open under load), so this is a lower bound.
 */
import pg from 'pg';
import { processCpuSeconds } from '../lib/load.js';
import { TEST_POSTGRES_URL } from '../../src/storage/contracts/postgres-server.js';

let application: string | undefined;

/** The application_name whose backends are measured; undefined for none (SQLite). */
export function setMeasuredApplication(name: string | undefined): void {
  application = name;
}

export function measuredApplication(): string | undefined {
  return application;
}

/** CPU seconds by backend pid, now. */
export async function backendCpu(): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  if (!application) return cpu;
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
      [application],
    );
    for (const { pid } of rows) cpu.set(pid, processCpuSeconds(pid));
  } finally {
    await client.end();
  }
  return cpu;
}

/** The database's CPU seconds since `before` (backendCpu's answer then). */
export async function backendCpuSince(before: Map<number, number>): Promise<number> {
  let sum = 0;
  for (const [pid, seconds] of await backendCpu())
    if (Number.isFinite(seconds)) sum += seconds - (before.get(pid) ?? 0);
  return sum;
}
