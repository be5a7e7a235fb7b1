/**
 * A thousand worlds on one in-process server (issue 28, ADR 0094): the kit's server (`:memory:`)
 * holds 1,000 workspaces at once by default, each created through the control API, and any of them
 * works as a whole world: a person writes to a bot that polls, people with the same phone number and
 * bots with the same username live in different worlds, and a token of one is unknown in another.
 * The 1,001st is refused with WORKSPACE_LIMIT_REACHED and changes nothing. Not timed: what they cost
 * (milliseconds, megabytes) is bench scenario 8's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlApiError, createParley, type Parley } from '../src/testkit/index.js';

const WORLDS = 1000;

let server: Parley;
const names: string[] = [];

beforeAll(async () => {
  server = await createParley();
  for (let i = 0; i < WORLDS; i++) {
    const name = `w${i}`;
    await server.control.createWorkspace({ name });
    names.push(name);
  }
}, 600_000);

afterAll(() => server?.close(), 120_000);

/** A bot's getUpdates in `apiRoot`, answered at once. */
async function getUpdates(apiRoot: string, token: string) {
  const response = await fetch(`${apiRoot}/bot${token}/getUpdates?timeout=0`);
  return { status: response.status, body: (await response.json()) as { ok: boolean; result?: unknown[] } };
}

describe(`${WORLDS} workspaces on one server`, () => {
  it('are all listed, and the next one is refused without a trace', async () => {
    const listed = await server.control.listWorkspaces();
    expect(listed).toHaveLength(WORLDS);
    expect(new Set(listed.map((w) => w.name))).toEqual(new Set(names));
    const refused = await server.control
      .createWorkspace({ name: 'one-too-many' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ControlApiError);
    expect(refused).toMatchObject({ status: 409, error: 'WORKSPACE_LIMIT_REACHED' });
    expect(await server.control.getWorkspace('one-too-many').catch((e: ControlApiError) => e.status)).toBe(
      404,
    );
    expect(await server.control.listWorkspaces()).toHaveLength(WORLDS);
  }, 120_000);

  it('each works as a world of its own, with the same names in each', async () => {
    // The first, one from the middle and the last: created early, late, and in between.
    const picked = [names[0]!, names[WORLDS / 2]!, names[WORLDS - 1]!];
    const seen: Array<{ apiRoot: string; token: string; updateText: string }> = [];
    for (const [i, name] of picked.entries()) {
      const view = await server.control.getWorkspace(name);
      const world = await createParley({ url: view.server_url, adminToken: server.adminToken });
      const bot = await world.createBot({ username: 'echo_bot' });
      const alice = await world.createUser({ first_name: 'Alice', phone: '+15550001111' });
      await alice.send('@echo_bot', `hello world ${i}`);
      const polled = await getUpdates(view.api_root, bot.token);
      expect(polled.status).toBe(200);
      const texts = (polled.body.result as Array<{ message?: { text?: string } }>).map(
        (u) => u.message?.text,
      );
      // Only its own world's message: the same bot name and phone number exist in the others.
      expect(texts).toEqual([`hello world ${i}`]);
      seen.push({ apiRoot: view.api_root, token: bot.token, updateText: `hello world ${i}` });
      await world.close();
    }
    // A bot's token is unknown in every other world.
    for (const [i, own] of seen.entries()) {
      const other = seen[(i + 1) % seen.length]!;
      expect((await getUpdates(other.apiRoot, own.token)).status).toBe(401);
    }
  }, 120_000);

  it('are deleted one by one, and a place freed is a place taken', async () => {
    await server.control.deleteWorkspace(names[1]!);
    expect((await server.control.createWorkspace({ name: 'one-more' })).name).toBe('one-more');
    expect(await server.control.listWorkspaces()).toHaveLength(WORLDS);
  }, 120_000);
});
