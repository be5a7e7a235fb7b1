/**
 * The timeline on several nodes of one PostgreSQL database (ADR 0099): one table for the workspace,
 * and a follower waiting on node A is woken by a call made through node B.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlClient } from '../src/testkit/index.js';
import {
  dropSchema,
  postgresAvailable,
  TEST_POSTGRES_URL,
  testSchema,
} from '../src/storage/contracts/postgres.js';
import { spawnServer, type ServerProcess } from './helpers/server-process.js';

const ADMIN = 'timeline-nodes-admin-token-0123456789';

describe.skipIf(!postgresAvailable)('the timeline on several nodes', () => {
  const schema = testSchema();
  const filesDir = mkdtempSync(path.join(tmpdir(), 'parley-timeline-nodes-'));
  const data = `${TEST_POSTGRES_URL}${TEST_POSTGRES_URL.includes('?') ? '&' : '?'}schema=${schema}`;
  const nodes: Array<{ process: ServerProcess; url: string; control: ControlClient }> = [];

  beforeAll(async () => {
    // One after the other: the first migrates; the next finds the schema ready.
    for (let i = 0; i < 2; i++) {
      const child = await spawnServer(['--data', data, '--admin-token', ADMIN], { PARLEY_FILES: filesDir });
      nodes.push({
        process: child,
        url: child.url,
        control: new ControlClient({ url: child.url, adminToken: ADMIN }),
      });
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.process.stop('SIGTERM')));
    await dropSchema(schema);
    rmSync(filesDir, { recursive: true, force: true });
  }, 30_000);

  it('wakes a follower on node A with a call made through node B, and both read the same events', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const created = await a.control.createBot({ username: `tl${process.pid}_bot` });
    const start = await a.control.getTimeline({ limit: 1 });
    const followed = a.control.getTimeline({ bot: created.id, kind: 'call', after: start.last_id, wait: 30 });
    const answer = await fetch(`${b.url}/bot${created.token}/getMe`);
    expect(answer.status).toBe(200);
    const page = await followed;
    expect(page.events.map((event) => `${event.name} ${event.status}`)).toEqual(['getMe ok']);
    expect((await b.control.getTimeline({ bot: created.id, kind: 'call' })).events).toEqual(page.events);
  });
});
