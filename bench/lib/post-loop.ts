/**
 * The webhook baseline: a plain undici POST loop, `--connections` at once, sending `--count` copies of
 * the bodies in `--bodies` (a JSON array of strings, used in turn) to `--url`. Run as a child beside
 * where Parley runs, so the receiver sees the same sender placement. Prints a JSON line when done.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    connections: { type: 'string', default: '40' },
    count: { type: 'string', default: '10000' },
    bodies: { type: 'string' },
    'timeout-ms': { type: 'string', default: '60000' },
  },
});
const url = new URL(values.url!);
const bodies = JSON.parse(readFileSync(values.bodies!, 'utf8')) as string[];
const count = Number(values.count);
const connections = Number(values.connections);
const deadline = Date.now() + Number(values['timeout-ms']);
const pool = new Pool(url.origin, { connections, pipelining: 1 });
let next = 0;
let sent = 0;
let failed = 0;

const worker = async () => {
  while (next < count && Date.now() < deadline) {
    const body = bodies[next++ % bodies.length]!;
    try {
      const response = await pool.request({
        method: 'POST',
        path: url.pathname,
        headers: { 'content-type': 'application/json' },
        body,
      });
      await response.body.text();
      if (response.statusCode >= 200 && response.statusCode < 300) sent += 1;
      else failed += 1;
    } catch {
      failed += 1;
    }
  }
};
// The ready line the parent waits for; sending starts at once.
process.stdout.write('started\n');
await Promise.all(Array.from({ length: connections }, worker));
await pool.close();
process.stdout.write(`${JSON.stringify({ sent, failed })}\n`);
