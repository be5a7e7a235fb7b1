/**
 * A long-polling bot's exchange on PostgreSQL: getUpdates reads the bot's row and its queue with one
 * statement on the pool (ports/users.ts readBotQueue), then confirms what it was handed; a poll that
 * parks is answered from the rows queued here, without another read. What the bot gets is as
 * before. Skipped without a PostgreSQL server (contracts/postgres.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Platform } from '../src/platform/assembly/platform.js';
import { postgresAvailable, storeForAllTests } from '../src/storage/contracts/postgres.js';
import { poolStatements } from '../src/storage/contracts/pg-queries-seen.js';
import type { PgStore } from '../src/storage/postgres/pg-store.js';
import { platformOn } from './helpers/test-platform.js';
import { waitFor } from './helpers/wait-for.js';

/** The statements that read a bot's row or its queue. */
const READS_BOT_OR_QUEUE = /FROM bots|FROM updates/;

describe.skipIf(!postgresAvailable)("a long-polling bot's reads on PostgreSQL", () => {
  let store: PgStore;
  let platform: Platform;
  let person = '';
  let botId = 0;

  storeForAllTests((opened) => (store = opened), { poolSize: 4 });

  beforeAll(async () => {
    platform = platformOn(store);
    person = String(
      (await platform.users.createUser({ phone_number: '+15557770101', first_name: 'Poller' })).id,
    );
    botId = (await platform.users.createBot({ username: 'poll_reads_bot' })).user.id;
  });

  const getUpdates = (offset: number, timeout: number) =>
    platform.updates.getUpdates(botId, { offset, limit: 100, timeout, allowedUpdates: undefined });
  const texts = (answer: string) =>
    (JSON.parse(answer) as Array<{ message: { text: string } }>).map((update) => update.message.text);

  it('reads the bot and its queue with one statement, and answers a parked poll without another', async () => {
    await platform.messages.sendFromUser(person, '@poll_reads_bot', 'first');
    const first = await poolStatements(() => getUpdates(0, 0));
    expect(texts(first.value)).toEqual(['first']);
    expect(first.texts.filter((text) => READS_BOT_OR_QUEUE.test(text))).toHaveLength(1);
    const offset = (JSON.parse(first.value) as Array<{ update_id: number }>)[0]!.update_id + 1;

    // The next poll confirms the first update and parks; a message queued here wakes it.
    const next = poolStatements(async () => {
      const answer = getUpdates(offset, 30);
      await waitFor(() => platform.updates.parkedPolls === 1, { what: 'the poll to park' });
      await platform.messages.sendFromUser(person, '@poll_reads_bot', 'second');
      return answer;
    });
    const { value, texts: sent } = await next;
    expect(texts(value)).toEqual(['second']);
    const reads = sent.filter(
      (text) => READS_BOT_OR_QUEUE.test(text) && !/^(INSERT|UPDATE|DELETE)/.test(text),
    );
    // One read of the bot with its queue (json_agg), none of the bot alone or of the queue alone.
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/json_agg/);
    // The first update was confirmed: a poll from the start gets only the second.
    expect(texts(await getUpdates(0, 0))).toEqual(['second']);
  });
});
