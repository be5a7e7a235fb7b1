import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // The run's id for its PostgreSQL test schemas, and their drop at its end (ADR 0115).
    globalSetup: ['test/postgres-teardown.ts'],
    // A worker runs its test files on the modules it has loaded rather than a new process per file
    // (ADR 0114): loading the server anew was a third of the suite's CPU. Files that need a module
    // fresh load it again themselves (vi.resetModules).
    isolate: false,
    // Most of a file's time is waiting on a socket, a database or a browser: two workers on a
    // two-core machine, where vitest's default (cores - 1) would run one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
