/**
 * A closed `:memory:` server's own connection serves the next server of the process (ADR 0094's
 * addendum "a warm createParley() on a closed server's connection"): the closed server's connection
 * is kept, emptied (server/open-storage.ts `SERVER_SPARES`), the next `createParley()` takes it, and
 * that server is indistinguishable from a new one: the same message ids, nothing of before (people,
 * bot tokens, fault rules, the clock, the search index, the workspaces it listed, its admin token).
 */
import { describe, expect, it } from 'vitest';
import { createParley } from '../src/testkit/index.js';
import { SERVER_SPARES } from '../src/server/open-storage.js';
import { controlFailure } from './helpers/cli-runner.js';
import { fillWorld } from './helpers/filled-world.js';

describe("a server on a closed server's connection", () => {
  it('is a new server: same ids, nothing of the closed one', async () => {
    // The pool starts empty (the test files share their worker's modules, so an earlier file's
    // closed servers may have left connections in it): the first server opens a connection of its own.
    for (let spare = SERVER_SPARES.take(); spare; spare = SERVER_SPARES.take()) spare.db.close();
    expect(SERVER_SPARES.size).toBe(0);
    const before = await createParley();
    const old = await fillWorld(before, 'parsnip soup');
    await before.control.addFault({ bot: old.bot.id, method: 'getMe', status: 502 });
    await before.clock.advance(3600);
    const world = await before.createWorkspace('kept-world');
    await world.createUser({ first_name: 'Bob' });
    await before.close();
    // Its connection is kept, emptied, for the next server.
    expect(SERVER_SPARES.size).toBe(1);

    for (let round = 0; round < 3; round++) {
      const after = await createParley();
      // Taken: the next server runs on it.
      expect(SERVER_SPARES.size).toBe(0);
      expect((await controlFailure(after.control.getUser('+15550100'))).status).toBe(404);
      expect((await after.fetch(`${after.apiRoot}/bot${old.bot.token}/getMe`)).status).toBe(401);
      expect((await controlFailure(after.control.getWorkspace('kept-world'))).status).toBe(404);
      const oldAdmin = await createParley({ url: after.url, adminToken: before.adminToken });
      expect((await controlFailure(oldAdmin.clock.now())).status).toBe(401);
      expect((await after.clock.now()).offset_seconds).toBe(0);

      const now = await fillWorld(after, 'turnip stew');
      expect(now.ids).toEqual(old.ids);
      // The index holds this server's texts only: the old ones had the same message keys.
      expect(now.found).toEqual(['turnip stew again', 'turnip stew']);
      expect((await after.control.searchMessages({ user: now.alice.id, q: 'parsnip' })).messages).toEqual([]);
      expect(await after.control.listFaults({ bot: now.bot.id })).toEqual([]);
      expect((await after.fetch(`${after.apiRoot}/bot${now.bot.token}/getMe`)).status).toBe(200);
      // Marks for the next round to miss.
      await after.control.addFault({ bot: now.bot.id, method: 'getMe', status: 502 });
      await after.clock.advance(3600);
      await after.close();
      expect(SERVER_SPARES.size).toBe(1);
    }
  });

  it('servers open at once each have their own connection, and at most two are kept', async () => {
    const servers = await Promise.all([1, 2, 3].map(() => createParley()));
    const filled = await Promise.all(servers.map((server, i) => fillWorld(server, `word${i} text`)));
    for (const [i, { found }] of filled.entries())
      expect(found).toEqual([`word${i} text again`, `word${i} text`]);
    await Promise.all(servers.map((server) => server.close()));
    expect(SERVER_SPARES.size).toBe(2);
  });
});
