// The probe of bench/poll-herd/run.ts, on a thread of its own so that the load generator's event
// loop (answering thousands of polls) does not delay it: asks `origin`/healthz every 5 ms until
// told to stop, each latency counted from when it was due; posts [ms since start, latency] pairs.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';

const { origin } = workerData;
let probing = true;
parentPort.on('message', () => (probing = false));
const latencies = [];
const start = performance.now();
let due = start;
while (probing) {
  const answer = await request(`${origin}/healthz`);
  await answer.body.text();
  latencies.push([due - start, performance.now() - due]);
  due += 5;
  const wait = due - performance.now();
  if (wait > 0) await sleep(wait);
  else due = performance.now();
}
parentPort.postMessage(latencies);
