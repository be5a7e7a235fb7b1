/**
 * A person or a bot made on PostgreSQL (ADR 0121): the new user's random id is not read first (a
 * round trip in the write each); the insert waits for the write's end, and only another user's
 * id, which fails it, runs the write again. A taken phone number or username is the caller's error
 * as before, found once, and the other writes of its batch are written. Skipped without a
 * PostgreSQL server (contracts/postgres.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../src/platform/assembly/platform.js';
import { postgresAvailable, storeForAllTests } from '../src/storage/contracts/postgres.js';
import { countWriteStatements, writeRoundTrips } from '../src/storage/contracts/pg-queries-seen.js';
import type { PgStore } from '../src/storage/postgres/pg-store.js';
import { platformOn } from './helpers/test-platform.js';

const USER_BY_ID = /FROM users WHERE id =/;
const INSERT_USERS = /^INSERT INTO users /;

describe.skipIf(!postgresAvailable)('people and bots made on PostgreSQL', () => {
  let store: PgStore;
  let platform: Platform;

  storeForAllTests((opened) => (store = opened), { poolSize: 4 });

  beforeAll(async () => {
    platform = platformOn(store);
  });

  it("reads no candidate id: a person's write and a bot's are sent with their commit", async () => {
    let person: { id: number } | undefined;
    const made = await writeRoundTrips(async () => {
      person = await platform.users.createUser({ phone_number: '+15558880001', first_name: 'New' });
    });
    expect(made.texts.filter((text) => USER_BY_ID.test(text))).toEqual([]);
    // The insert went with the COMMIT: one round trip (BEGIN went with the commit before, or alone).
    expect(made.texts.filter((text) => INSERT_USERS.test(text))).toHaveLength(1);
    expect(made.roundTrips).toBeLessThanOrEqual(2);
    const row = (await store.pool.query('SELECT * FROM users WHERE id = $1', [person!.id])).rows[0];
    expect(row).toMatchObject({ phone_number: '+15558880001', first_name: 'New', is_bot: false });

    let bot: { user: { id: number }; token: string } | undefined;
    const botMade = await writeRoundTrips(async () => {
      bot = await platform.users.createBot({ username: 'new_users_bot' });
    });
    expect(botMade.texts.filter((text) => USER_BY_ID.test(text))).toEqual([]);
    expect(botMade.roundTrips).toBeLessThanOrEqual(2);
    expect((await store.getBot(bot!.user.id))?.id).toBe(bot!.user.id);
    const [id, secret] = bot!.token.split(':');
    expect(await platform.users.authenticate(Number(id), secret!)).toEqual({
      botId: bot!.user.id,
      loggedOut: false,
    });
  });

  it('runs the write again with a new id when another user has the one drawn', async () => {
    const first = await platform.users.createUser({ phone_number: '+15558880002' });
    const { id: _id, ...row } = first;
    const ids = [first.id, first.id + 1];
    const { counts, stop } = countWriteStatements();
    let made: { id: number } | undefined;
    try {
      made = await store.write((tx) =>
        tx.insertUserWithNewId({ ...row, phone_number: '+15558880003' }, () => ids.shift()!),
      );
    } finally {
      stop();
    }
    expect(made!.id).toBe(first.id + 1);
    expect(ids).toEqual([]);
    const inserts = [...counts].filter(([text]) => INSERT_USERS.test(text));
    expect(inserts.reduce((sum, [, n]) => sum + n, 0)).toBe(2);
    expect((await store.getUser(first.id))?.phone_number).toBe('+15558880002');
    expect((await store.getUser(first.id + 1))?.phone_number).toBe('+15558880003');
  });

  it('answers a taken phone number or username once, and writes the rest of its batch', async () => {
    await platform.users.createUser({ phone_number: '+15558880004' });
    await platform.users.createBot({ username: 'taken_name_bot' });
    const { counts, stop } = countWriteStatements();
    let outcomes: PromiseSettledResult<unknown>[] = [];
    try {
      // At once: one batch on the write connection.
      outcomes = await Promise.allSettled([
        platform.users.createUser({ phone_number: '+15558880005' }),
        platform.users.createUser({ phone_number: '+15558880004' }),
        platform.users.createBot({ username: 'Taken_Name_bot' }),
        platform.users.createBot({ username: 'free_name_bot' }),
      ]);
    } finally {
      stop();
    }
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'PHONE_NUMBER_OCCUPIED' });
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: 'USERNAME_OCCUPIED' });
    // No write ran again for them (as for an id taken): the batch's four rows once in one insert,
    // then each write in its own savepoint (the batch failed), and nothing more.
    const inserts = [...counts].filter(([text]) => INSERT_USERS.test(text));
    expect(inserts.map(([, n]) => n)).toEqual([1, 4]);
    expect((await store.getUserByPhone('+15558880005'))?.is_bot).toBe(false);
    expect((await store.getUserByUsername('free_name_bot'))?.is_bot).toBe(true);
    const named = await store.pool.query(
      "SELECT count(*)::int AS n FROM users WHERE lower(username) = 'taken_name_bot'",
    );
    expect(named.rows[0].n).toBe(1);
  });
});
