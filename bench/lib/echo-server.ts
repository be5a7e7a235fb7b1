/**
 * The baseline server: bare `node:http` that reads a JSON POST, parses it and answers a JSON object of
 * `--response-bytes` bytes (the size of the answer of the server it stands beside). Run as a child:
 * `node --import tsx bench/lib/echo-server.ts --response-bytes 350`; prints `listening <origin>`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { 'response-bytes': { type: 'string', default: '300' } } });
const responseBytes = Number(values['response-bytes']);
const pads = new Map<number, string>();

function answer(text: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text || '{}');
  } catch {
    parsed = null;
  }
  const json = JSON.stringify({ ok: true, result: parsed });
  // Pad with a string member to the wanted size: `,"pad":""` is 9 bytes.
  const missing = responseBytes - Buffer.byteLength(json) - 9;
  if (missing < 0) return json;
  let pad = pads.get(missing);
  if (pad === undefined) {
    pad = 'x'.repeat(missing);
    pads.set(missing, pad);
  }
  return `${json.slice(0, -1)},"pad":"${pad}"}`;
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = answer(Buffer.concat(chunks).toString('utf8'));
    response.writeHead(200, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    });
    response.end(body);
  });
});
server.keepAliveTimeout = 500_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  process.stdout.write(`listening http://127.0.0.1:${port}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
