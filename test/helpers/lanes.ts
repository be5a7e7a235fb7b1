/**
 * For the tests that compare the fast lanes (ADR 0005) with Fastify: a server with its lanes and one
 * made with `fastLanes: false`, which answers everything through Fastify. Both are started before the
 * calling file's tests and closed after them.
 */
import { afterAll, beforeAll } from 'vitest';
import { startServer, type TestServer } from './in-process.js';

export function laneAndFastify(): { lane: () => TestServer; fastify: () => TestServer } {
  let lane: TestServer | undefined;
  let fastify: TestServer | undefined;
  beforeAll(async () => {
    lane = await startServer();
    fastify = await startServer({}, { fastLanes: false });
  });
  afterAll(async () => {
    await lane?.close();
    await fastify?.close();
  });
  const started = (server: TestServer | undefined) => {
    if (!server) throw new Error('the servers start in beforeAll');
    return server;
  };
  return { lane: () => started(lane), fastify: () => started(fastify) };
}
