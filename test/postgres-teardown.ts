/**
 * The test run's global setup: gives the run an id that its PostgreSQL test schemas carry
 * (src/storage/contracts/postgres.ts), and at the run's end drops the schemas of that id that the
 * workers kept for reuse (postgres-spares.ts). Without a PostgreSQL server there is nothing to drop.
 */
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { dropSchemas } from '../src/storage/contracts/postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's id in its test schemas' names. */
    postgresRun: string;
  }
}

export default function setup(project: TestProject): () => Promise<void> {
  const run = randomBytes(4).toString('hex');
  project.provide('postgresRun', run);
  return async () => {
    // No server (its tests were skipped), or it went away: nothing to drop that can be dropped.
    await dropSchemas(`parley_test_${run}_`).catch(() => undefined);
  };
}
