// A probe of servers' event loops, on a thread of its own so that the load generator's event loop
// (answering thousands of polls, sending a population's messages) does not delay it: asks each of
// `origins`' /healthz every `everyMs` ms until told to stop; posts, per origin, a
// [ms since start, latency from the request's send, latency from when it was due] triple a probe,
// and where the origin's process id is given in `pids` (Linux), what its threads did meanwhile:
// the main thread's (the event loop's) time on a core and its wait for one, and the other threads'
// time on a core, ms (from /proc/PID/task/*/schedstat).
// Used by bench/poll-herd/run.ts and bench/lib/population.ts (scenario 9).
import { readdirSync, readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';

const { origins, everyMs, pids = [] } = workerData;
let probing = true;
parentPort.on('message', () => (probing = false));
const start = performance.now();

/** [main thread's run, its run-queue wait, the other threads' run], ns; undefined without /proc. */
function threads(pid) {
  try {
    let others = 0;
    let main = [0, 0];
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      let fields;
      try {
        fields = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ');
      } catch {
        continue; // A thread that ended meanwhile.
      }
      if (Number(tid) === pid) main = [Number(fields[0]), Number(fields[1])];
      else others += Number(fields[0]);
    }
    return [main[0], main[1], others];
  } catch {
    return undefined;
  }
}

async function probe(origin, pid) {
  const seen = [];
  let due = start;
  while (probing) {
    const before = pid ? threads(pid) : undefined;
    const sentAt = performance.now();
    try {
      const answer = await request(`${origin}/healthz`);
      await answer.body.text();
    } catch {
      // A node that is stopping: its latency still counts.
    }
    const now = performance.now();
    const after = before && threads(pid);
    const probed = [due - start, now - sentAt, now - due];
    if (after) probed.push(...after.map((ns, i) => (ns - before[i]) / 1e6));
    seen.push(probed);
    due += everyMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else due = performance.now();
  }
  return seen;
}

parentPort.postMessage(await Promise.all(origins.map((origin, i) => probe(origin, pids[i]))));
