/**
 * `node --import tsx bench/lru/run.ts [--sizes 10000,100000,500000] [--ops 2000000] [--rounds 3]`
 *
 * The row caches' LruMap (src/storage/lru-map.ts) against the one before issue 31's change
 * (bench/lru/old-lru-map.ts), run by hand, not part of the tests. Per size (the capacity, filled
 * first) and workload, each run in a fresh process, old and new alternated (the order flips each
 * round), with the load average at the start of each round:
 *
 * - `hits`: a working set that fits (keys 0..size-1, all kept): 90 % reads, 10 % sets of a kept key;
 * - `churn`: get, and set on a miss, of a key 80 % of the time from a hot half of the capacity and
 *   20 % from ten times the capacity (evictions every few calls);
 * - `skew`: get, and set on a miss, of a key drawn with a heavy skew (r^2 of a uniform r) from four
 *   times the capacity: the hit rate of the two eviction rules.
 *
 * Reported: calls/s over the run (timed as a whole), then, over a second run of the same calls, the
 * worst single call by the wall clock (performance.now() around each: on a loaded machine this is
 * mostly the process being descheduled) and by the process's CPU time (process.cpuUsage() around
 * each, which a descheduled process does not spend; it counts the collector's helper threads), the
 * calls that took 1 ms or more of CPU, and the hit rate (the hot half's in `churn`).
 */
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LruMap } from '../../src/storage/lru-map.js';
import { OldLruMap } from './old-lru-map.js';

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000,500000' },
    ops: { type: 'string', default: '2000000' },
    rounds: { type: 'string', default: '3' },
    one: { type: 'string' },
  },
});
const OPS = Number(values.ops);

interface Cache {
  get(key: number): number | undefined;
  set(key: number, value: number): unknown;
}

interface Figures {
  perSecond: number;
  worstMs: number;
  worstCpuMs: number;
  cpuOver1ms: number;
  hits: number;
}

/** The same calls for both classes: a seeded generator. */
function keysFor(workload: string, size: number): Int32Array {
  let seed = 31;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const keys = new Int32Array(OPS);
  for (let i = 0; i < OPS; i++) {
    if (workload === 'hits') {
      const key = Math.floor(random() * size);
      keys[i] = random() < 0.1 ? -key - 1 : key;
    } else
      keys[i] = random() < 0.8 ? Math.floor(random() * (size >> 1)) : size + Math.floor(random() * size * 10);
  }
  return keys;
}

/** One call: in `hits` a negative key is a set of key -key-1, else a read; in `churn` get or set. */
function call(cache: Cache, workload: string, key: number): boolean {
  if (workload === 'hits') {
    if (key >= 0) return cache.get(key) !== undefined;
    cache.set(-key - 1, key);
    return true;
  }
  if (cache.get(key) !== undefined) return true;
  cache.set(key, key);
  return false;
}

function runOne(kind: string, size: number, workload: string): Figures {
  const make = (): Cache =>
    kind === 'old' ? new OldLruMap<number, number>(size) : new LruMap<number, number>(size);
  const keys = keysFor(workload, size);
  const fill = (cache: Cache) => {
    for (let key = 0; key < (workload === 'hits' ? size : size >> 1); key++) cache.set(key, key);
  };
  let cache = make();
  fill(cache);
  const start = performance.now();
  for (let i = 0; i < OPS; i++) call(cache, workload, keys[i]!);
  const perSecond = OPS / ((performance.now() - start) / 1000);

  cache = make();
  fill(cache);
  let worstMs = 0;
  let worstCpuMs = 0;
  let cpuOver1ms = 0;
  let counted = 0;
  let hits = 0;
  for (let i = 0; i < OPS; i++) {
    const key = keys[i]!;
    const cpu = process.cpuUsage();
    const before = performance.now();
    const hit = call(cache, workload, key);
    const took = performance.now() - before;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    if (took > worstMs) worstMs = took;
    if (cpuMs > worstCpuMs) worstCpuMs = cpuMs;
    if (cpuMs >= 1) cpuOver1ms++;
    if (workload !== 'churn' || key < size >> 1) {
      counted++;
      if (hit) hits++;
    }
  }
  return { perSecond, worstMs, worstCpuMs, cpuOver1ms, hits: hits / counted };
}

if (values.one) {
  const [kind, size, workload] = values.one.split(':');
  console.log(JSON.stringify(runOne(kind!, Number(size), workload!)));
} else {
  const self = fileURLToPath(import.meta.url);
  const sizes = values.sizes.split(',').map(Number);
  const rounds = Number(values.rounds);
  console.log(
    'round load(1m) | size workload class | calls/s | worst call ms wall, cpu | calls >=1ms cpu | hits',
  );
  for (let round = 1; round <= rounds; round++) {
    const load = loadavg()[0]!.toFixed(2);
    for (const size of sizes) {
      for (const workload of ['hits', 'churn', 'skew']) {
        const kinds = round % 2 === 1 ? ['old', 'new'] : ['new', 'old'];
        for (const kind of kinds) {
          const out = execFileSync(
            process.execPath,
            ['--import', 'tsx', self, '--one', `${kind}:${size}:${workload}`, '--ops', String(OPS)],
            { encoding: 'utf8' },
          );
          const f = JSON.parse(out) as Figures;
          console.log(
            `${round} ${load} | ${size} ${workload} ${kind} | ${Math.round(f.perSecond).toLocaleString('en')} | ` +
              `${f.worstMs.toFixed(2)}, ${f.worstCpuMs.toFixed(2)} | ${f.cpuOver1ms} | ${(f.hits * 100).toFixed(1)} %`,
          );
        }
      }
    }
  }
}
