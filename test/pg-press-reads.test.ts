/**
 * A press of an inline button and the bot's answer on PostgreSQL (ADR 0127): the answer checks the
 * query's bot and age from the press made on this node, and the person's client takes the answer
 * from its event: neither reads the query's row; the answer's update waits for the write's next
 * statement (the inserted query is a hint, as a read of it was). A query pressed elsewhere, or an
 * answer given twice, is read and refused as before. Skipped without a PostgreSQL server
 * (contracts/postgres.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../src/platform/assembly/platform.js';
import { postgresAvailable, storeForAllTests } from '../src/storage/contracts/postgres.js';
import { poolStatements, writeRoundTrips } from '../src/storage/contracts/pg-queries-seen.js';
import type { PgStore } from '../src/storage/postgres/pg-store.js';
import type { UserRow } from '../src/storage/store.js';
import { platformOn } from './helpers/test-platform.js';
import { waitFor } from './helpers/wait-for.js';

const QUERY_READ = /FROM callback_queries/;

describe.skipIf(!postgresAvailable)('a press and its answer on PostgreSQL', () => {
  let store: PgStore;
  let platform: Platform;
  let other: Platform;
  let person: UserRow;
  let bot: UserRow;

  storeForAllTests((opened) => (store = opened), { poolSize: 4 });

  beforeAll(async () => {
    platform = platformOn(store);
    // A second platform on the same store: a node that did not see the press.
    other = platformOn(store);
    person = await platform.users.createUser({ phone_number: '+15557770201', first_name: 'Presser' });
    bot = (await platform.users.createBot({ username: 'press_reads_bot' })).user;
    await platform.messages.sendFromUser(String(person.id), '@press_reads_bot', 'hello');
  });

  /** The bot's message with a button, and a press of it; answers the query's id and the press. */
  async function pressed(waitMs = 5_000) {
    const sent = await platform.messages.sendFromBot(bot, person.id, {
      text: 'pick',
      reply_markup: { inline_keyboard: [[{ text: 'Yes', callback_data: 'y' }]] },
    });
    const press = platform.callbackQueries.press(
      String(person.id),
      '@press_reads_bot',
      sent.message_id,
      'Yes',
      waitMs,
    );
    const queryId = await waitFor(
      async () => {
        const [row] = (
          await store.pool.query('SELECT id FROM callback_queries WHERE message_id = $1', [sent.message_id])
        ).rows as Array<{ id: string }>;
        return row?.id;
      },
      { what: 'the press to be stored' },
    );
    return { queryId, press };
  }

  it('answers a query pressed here with no read of it, and the answer waits for the next statement', async () => {
    const { queryId, press } = await pressed();
    const seen = await poolStatements(async () => {
      const trips = await writeRoundTrips(() =>
        platform.callbackQueries.answer(bot.id, queryId, { text: 'done' }),
      );
      return { trips, result: await press };
    });
    expect(seen.value.result).toMatchObject({ query_id: queryId, answered: true, text: 'done' });
    expect(seen.texts.filter((text) => QUERY_READ.test(text))).toEqual([]);
    // The answer's conditional update went with the write's COMMIT, not on a round trip of its own: one round trip in all.
    const answers = seen.value.trips.texts.filter((text) => /UPDATE callback_queries/.test(text));
    expect(answers).toHaveLength(1);
    expect(seen.value.trips.roundTrips).toBe(1);
    // Answered once: a second answer is refused, here and on a node that did not see the press.
    await expect(platform.callbackQueries.answer(bot.id, queryId, { text: 'again' })).rejects.toMatchObject({
      code: 'QUERY_INVALID',
    });
    await expect(other.callbackQueries.answer(bot.id, queryId, { text: 'again' })).rejects.toMatchObject({
      code: 'QUERY_INVALID',
    });
  });

  it('reads a query pressed on another node, and refuses it to another bot', async () => {
    // A press that waits briefly: nobody answers it meanwhile.
    const { queryId, press } = await pressed(50);
    await expect(press).resolves.toEqual({ query_id: queryId, answered: false });
    const stranger = (await platform.users.createBot({ username: 'press_stranger_bot' })).user;
    await expect(other.callbackQueries.answer(stranger.id, queryId, { text: 'no' })).rejects.toMatchObject({
      code: 'QUERY_INVALID',
    });
    const seen = await poolStatements(() => other.callbackQueries.answer(bot.id, queryId, { text: 'there' }));
    expect(seen.texts.filter((text) => QUERY_READ.test(text))).toHaveLength(1);
    expect((await store.getCallbackQuery(queryId))!.answer).toBe(JSON.stringify({ text: 'there' }));
  });
});
