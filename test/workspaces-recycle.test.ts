/**
 * A `:memory:` workspace's connection serves the next world (ADR 0094's addendum "a closed world's
 * connection for the next"): a world made after another was deleted, and a world after a reset, must
 * be indistinguishable from a new one on a new server, through the kit and the control API: the same
 * message ids, nothing of before (people, tokens, fault rules, the
 * clock, the search index), and a long poll parked in the world before ends.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParley, type Parley } from '../src/testkit/index.js';
import { controlFailure } from './helpers/cli-runner.js';
import { fillWorld } from './helpers/filled-world.js';

type World = Parley & { readonly workspace: string };

let server: Parley;

beforeAll(async () => {
  server = await createParley();
}, 30_000);
afterAll(() => server.close());

/** The ids a new server's first world gives for `fill`. */
async function newWorldIds() {
  const other = await createParley();
  try {
    const world = await other.createWorkspace();
    return (await fillWorld(world, 'parsnip soup')).ids;
  } finally {
    await other.close();
  }
}

/** Leaves marks in `world` that a new world must not have: a fault rule, a moved clock. */
async function markUp(world: Parley, botId: number): Promise<void> {
  await world.control.addFault({ bot: botId, method: 'getMe', status: 502 });
  await world.clock.advance(3600);
}

/** Checks `world` has none of `markUp`'s marks once `fill` ran again in it. */
async function expectUnmarked(world: Parley, token: string, botId: number): Promise<void> {
  expect(await world.control.listFaults({ bot: botId })).toEqual([]);
  const getMe = await world.fetch(`${world.apiRoot}/bot${token}/getMe`);
  expect(getMe.status).toBe(200);
  expect((await world.clock.now()).offset_seconds).toBe(0);
}

describe('a world on a closed world’s connection', () => {
  let expected: Awaited<ReturnType<typeof newWorldIds>>;

  beforeAll(async () => {
    expected = await newWorldIds();
  }, 30_000);

  it('after a delete, the next world is a new one: same ids, nothing of before', async () => {
    const before = (await server.createWorkspace()) as World;
    const old = await fillWorld(before, 'parsnip soup');
    expect(old.ids).toEqual(expected);
    await markUp(before, old.bot.id);
    await before.close();

    // Several rounds: the same connection goes from world to world.
    for (let round = 0; round < 3; round++) {
      const after = (await server.createWorkspace()) as World;
      // Nothing of the deleted world: its person, its bot's token.
      expect((await controlFailure(after.control.getUser('+15550100'))).status).toBe(404);
      expect((await after.fetch(`${after.apiRoot}/bot${old.bot.token}/getMe`)).status).toBe(401);
      const now = await fillWorld(after, 'turnip stew');
      expect(now.ids).toEqual(expected);
      // The index holds the new world's texts only: the old ones had the same message keys.
      expect(now.found).toEqual(['turnip stew again', 'turnip stew']);
      expect((await after.control.searchMessages({ user: now.alice.id, q: 'parsnip' })).messages).toEqual([]);
      await expectUnmarked(after, now.bot.token, now.bot.id);
      await markUp(after, now.bot.id);
      await after.close();
    }
  });

  it('after a reset, the world is a new one, and a long poll parked before it ends', async () => {
    const world = (await server.createWorkspace()) as World;
    const old = await fillWorld(world, 'parsnip soup');
    await markUp(world, old.bot.id);
    const updates = `${world.apiRoot}/bot${old.bot.token}/getUpdates`;
    const pending = (await (await world.fetch(updates)).json()) as { result: Array<{ update_id: number }> };
    const offset = Math.max(...pending.result.map((update) => update.update_id)) + 1;
    // Parked: no update waits past `offset`.
    const poll = world.fetch(`${updates}?timeout=50&offset=${offset}`);
    await server.control.resetWorkspace(world.workspace);
    // The test's timeout (far below the poll's 50 s) is the deadline.
    expect((await poll).status).toBeGreaterThanOrEqual(200);

    expect((await controlFailure(world.control.getUser('+15550100'))).status).toBe(404);
    expect((await world.fetch(`${world.apiRoot}/bot${old.bot.token}/getMe`)).status).toBe(401);
    const now = await fillWorld(world, 'turnip stew');
    expect(now.ids).toEqual(expected);
    expect(now.found).toEqual(['turnip stew again', 'turnip stew']);
    expect((await world.control.searchMessages({ user: now.alice.id, q: 'parsnip' })).messages).toEqual([]);
    await expectUnmarked(world, now.bot.token, now.bot.id);
    await world.close();
  }, 20_000);

  it('worlds open at once each have their own connection', async () => {
    const worlds = (await Promise.all([1, 2, 3].map(() => server.createWorkspace()))) as World[];
    const filled = await Promise.all(worlds.map((world, i) => fillWorld(world, `word${i} text`)));
    for (const [i, { ids, found }] of filled.entries()) {
      expect(ids).toEqual(expected);
      expect(found).toEqual([`word${i} text again`, `word${i} text`]);
    }
    await Promise.all(worlds.map((world) => world.close()));
    const next = await Promise.all([1, 2, 3, 4, 5].map(() => server.createWorkspace()));
    for (const world of next)
      expect((await controlFailure(world.control.getUser('+15550100'))).status).toBe(404);
    await Promise.all(next.map((world) => world.close()));
  });
});
