/**
 * A probe of servers' event loops on a thread of its own (probe-worker.mjs): what a request meets
 * when it comes in, measured where the load generator's own event loop cannot delay it (issue 31:
 * scenario 9's probe once ran on the generator's loop, which answers the same polls as the server,
 * so part of a "stall" was the generator's).
 */
import { Worker } from 'node:worker_threads';

/**
 * One probe: ms since the probe started, latency from its request's send, from when it was due; with
 * the node's process id (Linux), what its threads did from the send to the answer, ms: the main
 * thread's (the event loop's) time on a core, its wait for one, and the other threads' time on one.
 */
export type Probed = [
  at: number,
  fromSend: number,
  fromDue: number,
  loopRan?: number,
  loopWaited?: number,
  othersRan?: number,
];

export interface StallProbe {
  /** Stops probing; answers each origin's probes, in the order of the origins. */
  stop(): Promise<Probed[][]>;
}

/**
 * Asks each of `origins`' `/healthz` every `everyMs` ms until stopped; `pids`, the origins' process
 * ids where known (in their order), adds what each node's threads did during each probe.
 */
export function startStallProbe(
  origins: readonly string[],
  everyMs: number,
  pids: readonly number[] = [],
): StallProbe {
  const worker = new Worker(new URL('./probe-worker.mjs', import.meta.url), {
    workerData: { origins, everyMs, pids },
  });
  const probed = new Promise<Probed[][]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      try {
        return await probed;
      } finally {
        await worker.terminate();
      }
    },
  };
}
