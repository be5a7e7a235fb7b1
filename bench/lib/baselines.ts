/** The baselines and the peer as children on the server core: the echo, telegram-test-api, the POST loop. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext } from './context.js';
import { startChild, type Child } from './processes.js';

export interface Served {
  child: Child;
  origin: string;
  stop(): Promise<void>;
}

/** The bare `node:http` JSON echo answering `responseBytes` bytes. */
export async function startEcho(ctx: BenchContext, responseBytes: number): Promise<Served> {
  const child = await startChild({
    script: 'bench/lib/echo-server.ts',
    args: ['--response-bytes', String(responseBytes)],
    ready: /listening (http:\/\/\S+)/,
    pinning: ctx.pinning,
  });
  return { child, origin: child.ready, stop: async () => void (await child.stop()) };
}

/** telegram-test-api, in RAM. */
export async function startPeer(ctx: BenchContext): Promise<Served> {
  const child = await startChild({
    script: 'bench/lib/peer-server.ts',
    ready: /listening (http:\/\/\S+)/,
    pinning: ctx.pinning,
  });
  return { child, origin: child.ready, stop: async () => void (await child.stop()) };
}

/** Runs the plain undici POST loop to `url` until `count` bodies were sent; resolves when it exits. */
export async function runPostLoop(
  ctx: BenchContext,
  {
    url,
    bodies,
    count,
    connections,
    timeoutMs,
  }: {
    url: string;
    bodies: string[];
    count: number;
    connections: number;
    timeoutMs: number;
  },
): Promise<{ sent: number; failed: number }> {
  const file = path.join(ctx.tmpDir, 'post-loop-bodies.json');
  writeFileSync(file, JSON.stringify(bodies));
  const child = await startChild({
    script: 'bench/lib/post-loop.ts',
    args: [
      '--url',
      url,
      '--connections',
      String(connections),
      '--count',
      String(count),
      '--bodies',
      file,
      '--timeout-ms',
      String(timeoutMs),
    ],
    ready: /started/,
    pinning: ctx.pinning,
  });
  await child.exited;
  await child.stop();
  const line = /\{"sent".*\}/.exec(child.output());
  return line ? (JSON.parse(line[0]) as { sent: number; failed: number }) : { sent: 0, failed: count };
}
