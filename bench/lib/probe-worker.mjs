// A probe of servers' event loops, on a thread of its own so that the load generator's event loop
// (answering thousands of polls, sending a population's messages) does not delay it: asks each of
// `origins`' /healthz every `everyMs` ms until told to stop; posts, per origin, a
// [ms since start, latency from the request's send, latency from when it was due] triple a probe.
// Used by bench/poll-herd/run.ts and bench/lib/population.ts (scenario 9).
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';

const { origins, everyMs } = workerData;
let probing = true;
parentPort.on('message', () => (probing = false));
const start = performance.now();

async function probe(origin) {
  const seen = [];
  let due = start;
  while (probing) {
    const sentAt = performance.now();
    try {
      const answer = await request(`${origin}/healthz`);
      await answer.body.text();
    } catch {
      // A node that is stopping: its latency still counts.
    }
    const now = performance.now();
    seen.push([due - start, now - sentAt, now - due]);
    due += everyMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else due = performance.now();
  }
  return seen;
}

parentPort.postMessage(await Promise.all(origins.map(probe)));
