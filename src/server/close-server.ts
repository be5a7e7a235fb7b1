/** A graceful stop of an HTTP server (app.ts: the Fastify app's, and the in-process server's front). */
import type { Server } from 'node:http';

/** How long a graceful stop waits for in-flight requests. */
const CLOSE_DEADLINE_MS = 10_000;

/** Closes an HTTP server by `close`; its in-flight requests get CLOSE_DEADLINE_MS, then are cut. */
export async function closeServer(server: Server, close: () => Promise<void>): Promise<void> {
  const deadline = setTimeout(() => server.closeAllConnections(), CLOSE_DEADLINE_MS);
  // Node closes only the connections idle when close() is called; one whose response was still
  // going out goes idle later and would hold the server until the deadline.
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  try {
    await close();
  } finally {
    clearInterval(idle);
    clearTimeout(deadline);
  }
}
