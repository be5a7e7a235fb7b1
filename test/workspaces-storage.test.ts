/**
 * Workspaces (ADR 0061) where they are kept: in a data folder (owner-only, kept across a restart,
 * removed on delete), driven from the CLI (`parley workspace create NAME --json`, `--workspace`),
 * and on a PostgreSQL database shared by two servers (made on one, served by the other; deleted on
 * one, gone from the other). The worlds themselves are tested in workspaces.test.ts.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listSchemas } from '../src/storage/postgres/pg-schemas.js';
import {
  dropSchema,
  postgresAvailable,
  TEST_POSTGRES_URL,
  testSchema,
} from '../src/storage/contracts/postgres.js';
import { ControlClient } from '../src/testkit/index.js';
import { cliRunner } from './helpers/cli-runner.js';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
import { waitFor } from './helpers/wait-for.js';

async function getMe(url: string, token: string) {
  const response = await fetch(`${url}/bot${token}/getMe`);
  return response.status;
}

describe('in a data folder', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'parley-ws-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a workspace owner-only across a restart, and removes it on delete', async () => {
    let server = await startServer({ data: dir });
    const created = await server.control.createWorkspace({ name: 'kept' });
    const inside = new ControlClient({ url: created.server_url, adminToken: created.admin_token });
    const bot = await inside.createBot({ username: 'kept_bot' });
    await inside.advanceClock(3600);
    const folder = path.join(dir, 'workspaces', 'kept');
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(folder, 'parley.sqlite')).mode & 0o777).toBe(0o600);
    await server.close();

    server = await startServer({ data: dir });
    try {
      const [listed] = await server.control.listWorkspaces();
      expect(listed).toMatchObject({ name: 'kept', created_at: created.created_at });
      const url = `${server.url}/w/kept`;
      expect(await getMe(url, bot.token)).toBe(200);
      // Its own admin token was kept, and so was its clock.
      const again = new ControlClient({ url, adminToken: created.admin_token });
      expect((await again.getClock()).offset_seconds).toBeGreaterThanOrEqual(3600);
      expect((await server.control.getClock()).offset_seconds).toBeLessThan(3600);

      await server.control.deleteWorkspace('kept');
      expect(existsSync(folder)).toBe(false);
      expect(await getMe(url, bot.token)).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('from the CLI', () => {
  let server: TestServer;
  const parley = cliRunner(() => server);
  afterAll(() => server?.close());

  it('creates a workspace, acts in it with --workspace, and deletes it', async () => {
    server = await startServer();
    const created = await parley('workspace', 'create', 'ci-7', '--json');
    expect(created.code).toBe(0);
    const workspace = JSON.parse(created.stdout) as Record<string, string>;
    expect(workspace).toMatchObject({
      name: 'ci-7',
      api_root: `${server.url}/w/ci-7`,
      control_url: `${server.url}/w/ci-7/control`,
    });
    expect(workspace.admin_token).toMatch(/^[0-9a-f]{40}$/);

    const made = await parley('--workspace', 'ci-7', 'bot', 'create', '--username', 'cli_bot', '--json');
    expect(made.code).toBe(0);
    const { token } = JSON.parse(made.stdout) as { token: string };
    expect(await getMe(workspace.api_root!, token)).toBe(200);
    expect(await getMe(server.url, token)).toBe(401);

    const listed = await parley('workspace', 'list');
    expect(listed.stdout).toMatch(
      /^workspace ci-7 http:\/\/127\.0\.0\.1:\d+\/w\/ci-7 \(created .*, open\)$/m,
    );

    const deleted = await parley('workspace', 'delete', 'ci-7', '--json');
    expect([deleted.code, JSON.parse(deleted.stdout)]).toEqual([0, { name: 'ci-7', deleted: true }]);
    const gone = await parley('workspace', 'show', 'ci-7');
    expect(gone.code).not.toBe(0);
    expect(gone.stderr).toContain('WORKSPACE_NOT_FOUND');
    const refused = await parley('--workspace', 'Bad_Name', 'clock', 'show');
    expect(refused.stderr).toContain('invalid workspace name');
  });
});

describe.skipIf(!postgresAvailable)('on a PostgreSQL database shared by two servers', () => {
  const schema = testSchema();
  const data = `${TEST_POSTGRES_URL}${TEST_POSTGRES_URL.includes('?') ? '&' : '?'}schema=${schema}`;
  const servers: TestServer[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    for (const name of await listSchemas(TEST_POSTGRES_URL, `${schema}_ws_`)) await dropSchema(name);
    await dropSchema(schema);
  }, 30_000);

  it('a workspace made on one server is served by the other, and deleted from both', async () => {
    const a = await startServer({ data });
    servers.push(a);
    const b = await startServer({ data });
    servers.push(b);

    const created = await a.control.createWorkspace({ name: 'shared' });
    const duplicate = await b.control.createWorkspace({ name: 'shared' }).catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ status: 409, error: 'WORKSPACE_EXISTS' });
    const onA = new ControlClient({ url: `${a.url}/w/shared`, adminToken: created.admin_token });
    const bot = await onA.createBot({ username: 'shared_bot' });
    // B opens it on its first request, with the same admin token and data.
    const onB = new ControlClient({ url: `${b.url}/w/shared`, adminToken: created.admin_token });
    expect((await onB.getBot('@shared_bot')).id).toBe(bot.id);
    expect(await getMe(`${b.url}/w/shared`, bot.token)).toBe(200);
    expect((await b.control.listWorkspaces()).map((w) => w.name)).toEqual(['shared']);
    // Not in the default workspace of either.
    expect((await callBotApi(b, bot.token, 'getMe')).status).toBe(401);

    await a.control.deleteWorkspace('shared');
    await waitFor(async () => (await getMe(`${b.url}/w/shared`, bot.token)) === 404, {
      what: 'server B to let go of the deleted workspace',
    });
    expect(await listSchemas(TEST_POSTGRES_URL, `${schema}_ws_`)).toEqual([]);
  }, 60_000);
});
