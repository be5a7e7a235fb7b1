/**
 * Workspaces (ADR 0061) on one in-process server: two worlds used at once by two real grammY bots
 * with the same username, people with the same phone number, gateway accounts and clocks of their
 * own, and nothing of one visible in the other; tokens of one unknown in the other; reset and delete;
 * the control API's refusals. The same on a data folder across a restart, and from the CLI, is in
 * workspaces-storage.test.ts.
 */
import { Bot } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlApiError, ControlClient, createParley, type Parley } from '../src/testkit/index.js';
import { gateway } from './helpers/gateway.js';
import { describeWithPtb, startPythonBot } from './helpers/python-bot.js';

let server: Parley;
let one: Parley & { workspace: string };
let two: Parley & { workspace: string };
const bots: Bot[] = [];

/** A grammY bot `@echo_bot` in `where`, answering with `prefix`; started (long polling). */
async function echoBot(where: Parley, prefix: string): Promise<{ token: string; bot: Bot }> {
  const record = await where.createBot({ username: 'echo_bot' });
  const bot = new Bot(record.token, { client: { apiRoot: where.apiRoot } });
  bot.on('message:text', (ctx) => ctx.reply(`${prefix}: ${ctx.message.text}`));
  await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
  bots.push(bot);
  return { token: record.token, bot };
}

async function getMe(apiRoot: string, token: string) {
  const response = await fetch(`${apiRoot}/bot${token}/getMe`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function failure(call: Promise<unknown>): Promise<ControlApiError> {
  const error = await call.then(
    () => undefined,
    (failed: unknown) => failed,
  );
  expect(error).toBeInstanceOf(ControlApiError);
  return error as ControlApiError;
}

beforeAll(async () => {
  server = await createParley();
  [one, two] = await Promise.all([server.createWorkspace('team-one'), server.createWorkspace('team-two')]);
}, 30_000);

afterAll(async () => {
  await Promise.all(bots.map((bot) => bot.stop()));
  await server.close();
});

describe('two workspaces at once', () => {
  let tokenOne: string;
  let tokenTwo: string;

  beforeAll(async () => {
    [{ token: tokenOne }, { token: tokenTwo }] = await Promise.all([
      echoBot(one, 'one'),
      echoBot(two, 'two'),
    ]);
  }, 30_000);

  it('each has its own roots under /w/NAME', () => {
    expect(one.apiRoot).toBe(`${server.url}/w/team-one`);
    expect(two.apiRoot).toBe(`${server.url}/w/team-two`);
    expect(one.adminToken).not.toBe(two.adminToken);
  });

  it('two bots named @echo_bot and two people of one phone number talk in parallel, each in its world', async () => {
    const [alice, alsoAlice] = await Promise.all([
      one.createUser({ phone: '+15550001', first_name: 'Alice' }),
      two.createUser({ phone: '+15550001', first_name: 'Alice' }),
    ]);
    const rounds = ['hi', 'how are you', 'bye'];
    await Promise.all(
      [
        [alice, 'one'],
        [alsoAlice, 'two'],
      ].map(async ([person, prefix]) => {
        const who = person as Awaited<ReturnType<Parley['createUser']>>;
        for (const text of rounds) {
          await who.send('@echo_bot', text);
          const reply = await who.waitForMessage('@echo_bot', { timeout: 10_000 });
          expect(reply.text).toBe(`${prefix as string}: ${text}`);
        }
      }),
    );
    // Each person's chat holds their own conversation only.
    const [seenOne, seenTwo] = await Promise.all([
      alice.messages('@echo_bot', 50),
      alsoAlice.messages('@echo_bot', 50),
    ]);
    expect(seenOne.map((m) => m.text)).toEqual(rounds.flatMap((t) => [t, `one: ${t}`]));
    expect(seenTwo.map((m) => m.text)).toEqual(rounds.flatMap((t) => [t, `two: ${t}`]));
  });

  it('a bot token of one workspace is unknown in the other and in the default one', async () => {
    expect((await getMe(one.apiRoot, tokenOne)).body.ok).toBe(true);
    for (const root of [two.apiRoot, server.apiRoot]) {
      const { status, body } = await getMe(root, tokenOne);
      expect(status).toBe(401);
      expect(body).toEqual({ ok: false, error_code: 401, description: 'Unauthorized' });
    }
    expect((await getMe(two.apiRoot, tokenTwo)).body.ok).toBe(true);
  });

  it('the default workspace sees none of their people or bots', async () => {
    expect((await failure(server.control.getUser('+15550001'))).status).toBe(404);
    expect((await failure(server.control.getBot('@echo_bot'))).status).toBe(404);
  });

  it('gateway accounts and their tokens are a workspace’s own', async () => {
    await one.createUser({ phone: '+15550077' });
    const account = await one.control.createGatewayAccount({ owner: '+15550077', credits: 10 });
    const sent = await gateway(`${one.url}/gateway`, account.access_token, 'sendVerificationMessage', {
      phone_number: '+15550077',
      code_length: 6,
    });
    expect(sent.body.ok).toBe(true);
    const elsewhere = await gateway(`${two.url}/gateway`, account.access_token, 'getAccessTokenInfo', {});
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body).toMatchObject({ ok: false, error: 'ACCESS_TOKEN_INVALID' });
    expect(await two.control.listGatewayAccounts()).toEqual([]);
  });

  it('each has its own clock', async () => {
    const before = await two.clock.now();
    const advanced = await one.clock.advance(7200);
    expect(advanced.offset_seconds).toBeGreaterThanOrEqual(7200);
    const after = await two.clock.now();
    expect(after.offset_seconds).toBe(before.offset_seconds);
  });
});

describe('managing workspaces', () => {
  it('lists them with their roots, never their tokens', async () => {
    const listed = await server.control.listWorkspaces();
    expect(listed.map((w) => w.name)).toEqual(['team-one', 'team-two']);
    expect(listed[0]).toMatchObject({
      api_root: `${server.url}/w/team-one`,
      control_url: `${server.url}/w/team-one/control`,
      gateway_url: `${server.url}/w/team-one/gateway`,
      web_url: `${server.url}/w/team-one/web/`,
    });
    expect(JSON.stringify(listed)).not.toContain(one.adminToken);
  });

  it('takes its own admin token or the server’s, and no other workspace’s', async () => {
    const url = one.url;
    await new ControlClient({ url, adminToken: server.adminToken }).getClock();
    const refused = await failure(new ControlClient({ url, adminToken: two.adminToken }).getClock());
    expect(refused.status).toBe(401);
    const atServer = await failure(
      new ControlClient({ url: server.url, adminToken: one.adminToken }).listWorkspaces(),
    );
    expect(atServer.status).toBe(401);
  });

  it('refuses bad names, taken names, and management inside a workspace', async () => {
    for (const name of ['Upper', '-dash', 'under_score', 'x'.repeat(33), '']) {
      const refused = await failure(server.control.createWorkspace({ name }));
      expect([400]).toContain(refused.status);
    }
    const taken = await failure(server.control.createWorkspace({ name: 'team-one' }));
    expect([taken.status, taken.error]).toEqual([409, 'WORKSPACE_EXISTS']);
    const nested = await failure(one.control.createWorkspace({ name: 'inner' }));
    expect([nested.status, nested.error]).toEqual([404, 'WORKSPACES_NOT_HERE']);
  });

  it('answers 404 for a workspace that does not exist, in each surface’s shape', async () => {
    const bot = await fetch(`${server.url}/w/nobody/bot1:abc/getMe`);
    expect(bot.status).toBe(404);
    expect(await bot.json()).toEqual({ ok: false, error_code: 404, description: 'Not Found' });
    const control = await failure(
      new ControlClient({ url: `${server.url}/w/nobody`, adminToken: server.adminToken }).getClock(),
    );
    expect([control.status, control.error]).toEqual([404, 'WORKSPACE_NOT_FOUND']);
    const root = await fetch(`${server.url}/w/team-one`, { redirect: 'manual' });
    expect([root.status, root.headers.get('location')]).toEqual([302, '/w/team-one/web/']);
  });

  it('a reset empties the world and keeps the name and admin token', async () => {
    const scratch = await server.createWorkspace('scratch');
    const record = await scratch.createBot({ username: 'scratch_bot' });
    await scratch.createUser({ phone: '+15550002' });
    await scratch.clock.advance(100);
    const reset = await server.control.resetWorkspace('scratch');
    expect(reset.name).toBe('scratch');
    expect((await getMe(scratch.apiRoot, record.token)).status).toBe(401);
    expect((await failure(scratch.control.getUser('+15550002'))).status).toBe(404);
    expect((await scratch.clock.now()).offset_seconds).toBe(0);
    // The same token still drives it, and names are free again.
    expect((await scratch.createBot({ username: 'scratch_bot' })).username).toBe('scratch_bot');
    await scratch.close();
  });

  it('a deleted workspace is gone, with its tokens', async () => {
    const doomed = await server.createWorkspace();
    expect(doomed.workspace).toMatch(/^test-[0-9a-f]{12}$/);
    const record = await doomed.createBot({ username: 'doomed_bot' });
    await doomed.close();
    expect((await getMe(doomed.apiRoot, record.token)).status).toBe(404);
    expect((await failure(server.control.getWorkspace(doomed.workspace))).status).toBe(404);
    expect((await server.control.listWorkspaces()).map((w) => w.name)).not.toContain(doomed.workspace);
    // The name can be used again, for a new, empty world.
    const again = await server.createWorkspace(doomed.workspace);
    expect((await getMe(again.apiRoot, record.token)).status).toBe(401);
    await again.close();
  });

  it('serves the web client and its person API under the workspace', async () => {
    const page = await fetch(`${two.url}/web/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('./assets/');
    const signIn = await fetch(`${two.url}/web/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: '+15550001' }),
    });
    const session = (await signIn.json()) as { ok: boolean; result: { token: string; user: { id: number } } };
    expect(session.ok).toBe(true);
    // The Alice of this workspace, whose chat is with this workspace's @echo_bot.
    const chats = await fetch(`${two.url}/web/api/chats`, {
      headers: { authorization: `Bearer ${session.result.token}` },
    });
    const listed = JSON.stringify(await chats.json());
    expect(listed).toContain('two: bye');
    expect(listed).not.toContain('one: bye');
  });

  it('connects the test kit to an existing workspace by name', async () => {
    const kit = await createParley({ url: server.url, adminToken: server.adminToken, workspace: 'team-two' });
    expect((await kit.control.getBot('@echo_bot')).username).toBe('echo_bot');
    await kit.close();
    // Closing a connected kit lets go only: the workspace stays.
    expect((await server.control.getWorkspace('team-two')).name).toBe('team-two');
  });
});

describeWithPtb('python-telegram-bot in a workspace', () => {
  it('reaches the workspace with its base_url option alone', async () => {
    const world = await server.createWorkspace('python');
    // The same username as the grammY bots of the other workspaces.
    const record = await world.createBot({ username: 'echo_bot' });
    const bot = await startPythonBot('echo_bot.py', {
      env: { PARLEY_URL: world.apiRoot, BOT_TOKEN: record.token },
    });
    try {
      const alice = await world.createUser({ phone: '+15550001' });
      await alice.send('@echo_bot', 'hello from python');
      const reply = await alice.waitForMessage('@echo_bot', { timeout: 10_000 });
      expect(reply.text).toBe('hello from python');
      expect(bot.stderr()).toBe('');
    } finally {
      await bot.stop();
      await world.close();
    }
  }, 30_000);
});
