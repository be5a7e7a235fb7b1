/**
 * Fault rules on a database shared by several servers (ADR 0058): a rule added through one server
 * applies on the other (its cache reloads on `faults.changed`, carried between processes), the
 * countdown of `times` is one across both, and clearing on one ends it on both.
 *
 * Needs PostgreSQL (PARLEY_TEST_POSTGRES, default the local server at 127.0.0.1:5432): skipped
 * without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dropSchema,
  postgresAvailable,
  TEST_POSTGRES_URL,
  testSchema,
} from '../src/storage/contracts/postgres.js';
import { callBotApi, phone, startServer, type TestServer } from './helpers/in-process.js';
import { waitFor } from './helpers/wait-for.js';

describe.skipIf(!postgresAvailable)('faults on a shared database', () => {
  const schema = testSchema();
  const data = `${TEST_POSTGRES_URL}${TEST_POSTGRES_URL.includes('?') ? '&' : '?'}schema=${schema}`;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    a = await startServer({ data });
    b = await startServer({ data });
  }, 60_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dropSchema(schema);
  }, 30_000);

  it('a rule added on one server applies on the other, counts down once across both, and clears on both', async () => {
    await a.control.createUser({ phone_number: phone(), first_name: 'Ann' });
    const bot = await a.control.createBot({ username: `f${process.pid}shared_bot` });
    // A rule that counts on forever (times is far), to see it reach B.
    await a.control.addFault({ bot: bot.id, method: 'getChat', status: 500 });
    await waitFor(async () => (await callBotApi(b, bot.token, 'getChat', { chat_id: 1 })).status === 500, {
      what: "server B to load A's rule",
    });

    const rule = await a.control.addFault({ bot: bot.id, method: 'getMe', status: 502, times: 3 });
    await waitFor(async () => (await b.control.listFaults({ bot: bot.id })).some((r) => r.id === rule.id));
    // Wait until B's cache holds the rule too (a call B faults), then count across both.
    const statuses: number[] = [];
    await waitFor(
      async () => {
        const status = (await callBotApi(b, bot.token, 'getMe')).status;
        statuses.push(status);
        return status === 502;
      },
      { what: "B's cache to hold the counted rule" },
    );
    for (let i = 0; i < 6; i++) statuses.push((await callBotApi(i % 2 ? a : b, bot.token, 'getMe')).status);
    expect(statuses.filter((status) => status === 502)).toHaveLength(3);
    expect(statuses.slice(-2)).toEqual([200, 200]);

    expect(await b.control.clearFaults({ bot: bot.id })).toEqual({ removed: 1 });
    await waitFor(async () => (await callBotApi(a, bot.token, 'getChat', { chat_id: 1 })).status !== 500, {
      what: 'server A to drop the rule B cleared',
    });
  }, 30_000);
});
