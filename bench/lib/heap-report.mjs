/**
 * Preloaded into a Parley server by a bench (`--import`, through NODE_OPTIONS): on SIGUSR2 it runs
 * two full garbage collections and writes the heap's used bytes to the file named by
 * PARLEY_BENCH_HEAP_OUT, so that a bench can read what a set of live objects holds
 * (bench/poll-herd/heap.ts).
 */
import { renameSync, writeFileSync } from 'node:fs';
import process from 'node:process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc');
const out = process.env.PARLEY_BENCH_HEAP_OUT;
if (out) {
  process.on('SIGUSR2', () => {
    gc();
    gc();
    writeFileSync(`${out}.tmp`, String(process.memoryUsage().heapUsed));
    renameSync(`${out}.tmp`, out);
  });
}
