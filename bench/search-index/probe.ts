/**
 * What the search-index background benches measure while a backlog is indexed alone: a probe
 * write every 5 ms (its latency from when its timer was due), the event loop's use and delay.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { quantile } from '../lib/stats.js';

/**
 * Starts the probe, calls `begin` (the indexer may run from then on), waits until `indexedUpTo()`
 * reaches `messages`, stops the probe and answers the figures as one line of text.
 */
export async function probeWhileIndexed(
  write: () => Promise<unknown>,
  indexedUpTo: () => number | Promise<number>,
  messages: number,
  begin: () => void,
): Promise<string> {
  let done = false;
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  // Each probe's latency counts from when its timer was due (a held loop delays the timer too).
  const latencies: number[] = [];
  const probe = (async () => {
    while (!done) {
      const due = performance.now() + 5;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await write();
      latencies.push(performance.now() - due);
    }
  })();
  const elu = performance.eventLoopUtilization();
  const started = performance.now();
  begin();
  while ((await indexedUpTo()) < messages) await new Promise((resolve) => setTimeout(resolve, 20));
  const wall = performance.now() - started;
  const used = performance.eventLoopUtilization(elu);
  done = true;
  await probe;
  delay.disable();
  const sorted = Float64Array.from(latencies).sort();
  const late = sorted.filter((ms) => ms > 10).length / sorted.length;
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  return (
    `${messages} indexed in ${(wall / 1e3).toFixed(2)} s, ` +
    `event loop ${(used.utilization * 100).toFixed(0)} % used, delay p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms, ` +
    `max ${(delay.max / 1e6).toFixed(0)} ms; probe writes (${sorted.length}): mean ${mean.toFixed(1)} ms, ` +
    `p50 ${quantile(sorted, 0.5).toFixed(1)}, p99 ${quantile(sorted, 0.99).toFixed(1)}, ${(late * 100).toFixed(0)} % over 10 ms`
  );
}
