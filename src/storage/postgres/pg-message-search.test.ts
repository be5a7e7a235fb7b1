/**
 * What the PostgreSQL adapter's search index does beyond the port's contract (contracts/
 * message-search.contract.ts), migration 028: storing a message writes nothing for the index; once
 * the node is quiet, statements of their own index stored messages in chunks, and a search first
 * indexes what its chats hold above their watermarks, in chunks too (each chunk a transaction: its
 * rows share an `xmin`); an edit puts its new words in whether or not the message was indexed, and
 * indexing after it, or during it with the old text read, does not put the old words back; a
 * deletion takes its row out; a second node's
 * search finds the first node's messages; a database at 027 is upgraded with its messages indexed.
 * The background's clock stands still unless a test moves it. Skipped without a PostgreSQL server.
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { PgSql } from './pg-sql.js';
import { PgStore } from './pg-store.js';
import { indexMessages } from './tables/message-search.js';
import { dropSchema, postgresAvailable, testSchema, TEST_POSTGRES_URL } from '../contracts/postgres.js';
import type { SearchIndexTiming } from '../search-indexer.js';
import { chat as chatRow, user } from '../contracts/fixtures.js';

const chat = chatRow({ user_a: 1, user_b: 2 });
const message = (chatPk: number, id: number, body: object) => ({
  chat_pk: chatPk,
  message_id: id,
  sender_id: 2,
  date: 1000 + id,
  edit_date: null,
  body: JSON.stringify(body),
});
const texts = (chatPk: number, from: number, to: number, word: string) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(chatPk, from + i, { text: `${word} ${from + i}` }));

/** The background's clock, moved by the test (standing still, the node looks busy). */
function testClock() {
  const clock = {
    ms: 0,
    reads: 0,
    now: () => {
      clock.reads++;
      return clock.ms;
    },
  };
  return clock;
}

describe.skipIf(!postgresAvailable)('the PostgreSQL search index', () => {
  let schema: string;
  let stores: PgStore[];
  beforeEach(() => {
    schema = testSchema();
    stores = [];
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    await dropSchema(schema);
  });

  const open = async (searchIndex?: Partial<SearchIndexTiming>) => {
    const store = await PgStore.open({
      url: TEST_POSTGRES_URL,
      schema,
      poolSize: 4,
      ...(searchIndex ? { searchIndex } : {}),
    });
    stores.push(store);
    return store;
  };
  const value = async (store: PgStore, sql: string, ...params: unknown[]) =>
    (await store.pool.query<{ n: number | null }>(sql, params)).rows[0]?.n ?? null;
  const watermark = (store: PgStore, chatPk: number) =>
    value(store, 'SELECT message_id AS n FROM message_search_indexed WHERE chat_pk = $1', chatPk);
  const indexed = (store: PgStore) => value(store, 'SELECT count(*)::int AS n FROM message_search');
  /** The transactions that wrote the table's rows: a chunk is one statement, so one transaction. */
  const writers = (store: PgStore) =>
    value(store, 'SELECT count(DISTINCT xmin::text)::int AS n FROM message_search');

  async function withChat(store: PgStore): Promise<number> {
    return store.write(async (tx) => {
      for (const id of [1, 2]) await tx.insertUser(user(id));
      return tx.insertChat(chat);
    });
  }
  const found = async (store: PgStore, words: string, chatPk?: number) =>
    (await store.searchMessages(1, { text: words, chatPk, limit: 500 })).map((hit) => hit.message_id);

  it('writes nothing for the index while the node is busy; once it is quiet, indexes in chunks', async () => {
    const clock = testClock();
    const store = await open({ idleMs: 5, least: 10, chunk: 100, now: clock.now });
    const pk = await withChat(store);
    await store.write(async (tx) => {
      for (const row of texts(pk, 1, 350, 'busy')) await tx.insertMessage(row);
    });
    // The idle timer fires three times more and finds the node busy (its clock has not moved).
    const reads = clock.reads;
    await waitFor(() => clock.reads >= reads + 3, { what: 'the idle timer' });
    expect([await indexed(store), await watermark(store, pk)]).toEqual([0, null]);

    clock.ms += 5;
    await waitFor(async () => (await watermark(store, pk)) === 350, { what: 'the background to catch up' });
    expect([await indexed(store), await writers(store)]).toEqual([350, 4]);
    expect(await found(store, 'busy 350')).toEqual([350]);
  });

  it('brings the chats a search reads up to date first, in chunks, and finds them all', async () => {
    const store = await open({ idleMs: 5, least: 10, chunk: 100, now: testClock().now });
    const pk = await withChat(store);
    await store.write(async (tx) => {
      for (const row of texts(pk, 1, 250, 'backlog')) await tx.insertMessage(row);
    });
    expect(await found(store, 'backlog', pk)).toHaveLength(250);
    expect([await watermark(store, pk), await indexed(store), await writers(store)]).toEqual([250, 250, 3]);
    // A message without text or caption raises the watermark and puts no row.
    await store.write(async (tx) => tx.insertMessage(message(pk, 251, { photo: [{ file_id: 'x' }] })));
    expect(await found(store, 'backlog 25')).toEqual([250, 25]);
    expect([await watermark(store, pk), await writers(store)]).toEqual([251, 3]);
  });

  it('follows an edit made before or after its message was indexed, and a deletion', async () => {
    const store = await open({ idleMs: 5, least: 10, chunk: 100, now: testClock().now });
    const pk = await withChat(store);
    await store.write(async (tx) => {
      await tx.insertMessage(message(pk, 1, { text: 'indexed first' }));
      await tx.insertMessage(message(pk, 2, { photo: [{ file_id: 'x' }], caption: 'beach photo' }));
      await tx.insertMessage(message(pk, 3, { text: 'doomed message' }));
    });
    expect(await found(store, 'beach')).toEqual([2]);
    await store.write(async (tx) => {
      await tx.insertMessage(message(pk, 4, { text: 'draft words' }));
      // Above the watermark, not indexed yet: the edit puts its new words in now.
      await tx.updateMessage(pk, 4, JSON.stringify({ text: 'final words' }), 1500);
      // Indexed: its caption taken away, its old words go.
      await tx.updateMessage(pk, 2, JSON.stringify({ photo: [{ file_id: 'x' }] }), 1500);
      await tx.deleteMessage(pk, 3);
    });
    expect([await watermark(store, pk), await indexed(store)]).toEqual([3, 3]);
    expect(await found(store, 'draft')).toEqual([]);
    expect(await found(store, 'final words')).toEqual([4]);
    expect(await found(store, 'beach')).toEqual([]);
    expect(await found(store, 'doomed')).toEqual([]);
    expect(await found(store, 'indexed')).toEqual([1]);
    // Indexing message 4 kept the edit's words (the message's own row), and message 3's row is gone.
    expect([await watermark(store, pk), await indexed(store)]).toEqual([4, 3]);
  });

  it('does not put back the old words an indexing statement read before an edit committed', async () => {
    const store = await open({ idleMs: 5, least: 10, chunk: 100, now: testClock().now });
    const pk = await withChat(store);
    await store.write(async (tx) => tx.insertMessage(message(pk, 1, { text: 'draft words' })));
    const editor = new pg.Client({
      connectionString: TEST_POSTGRES_URL,
      options: `-c search_path=${schema}`,
    });
    await editor.connect();
    try {
      // The edit's trigger puts the new words in, not committed yet...
      await editor.query('BEGIN');
      await editor.query('UPDATE messages SET body = $1 WHERE chat_pk = $2 AND message_id = 1', [
        JSON.stringify({ text: 'final words' }),
        pk,
      ]);
      // ...while an indexing statement reads the old text and waits for the edit's row.
      const indexing = indexMessages(new PgSql(store.pool), { chats: [[pk, null]], ephemeral: 0 });
      await waitFor(
        async () =>
          (await value(
            store,
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'WITH w AS%'",
          ))! > 0,
        { what: 'the indexing statement to wait for the edit' },
      );
      await editor.query('COMMIT');
      await indexing;
    } finally {
      await editor.end();
    }
    expect(await watermark(store, pk)).toBe(1);
    expect(await found(store, 'draft')).toEqual([]);
    expect(await found(store, 'final')).toEqual([1]);
  });

  it("finds another node's messages: the searching node indexes what it did not store", async () => {
    const [first, second] = [await open(), await open()];
    const pk = await withChat(first);
    await first.write(async (tx) => {
      for (const row of texts(pk, 1, 20, 'elsewhere')) await tx.insertMessage(row);
    });
    expect(await found(second, 'elsewhere 2')).toEqual([20, 2]);
    expect(await watermark(second, pk)).toBe(20);
  });

  it('upgrades a database at 027: its messages indexed, each chat at its newest, 026 dropped from messages', async () => {
    const old = await open();
    const pk = await withChat(old);
    // As 027 left a database: no table, watermarks or triggers of 028, and 026's index on messages.
    await old.pool.query(`DROP TABLE message_search, message_search_indexed;
      DROP TRIGGER message_search_edit ON messages; DROP TRIGGER message_search_delete ON messages;
      DROP FUNCTION message_search_edited(); DROP FUNCTION message_search_deleted();
      CREATE INDEX messages_search ON messages USING gin (to_tsvector('simple', translate(coalesce(body::jsonb ->> 'text', body::jsonb ->> 'caption'), '/.@:_-+~#&?=%<>', '               ')));
      DELETE FROM schema_migrations WHERE version = 28`);
    await old.write(async (tx) => {
      await tx.insertMessage(message(pk, 1, { text: 'kept/upgraded' }));
      await tx.insertMessage(message(pk, 2, { photo: [{ file_id: 'x' }] }));
      await tx.insertMessage(message(pk, 3, { photo: [{ file_id: 'y' }], caption: 'upgraded caption' }));
    });
    await old.close();
    stores = [];

    const store = await open();
    expect([await watermark(store, pk), await indexed(store)]).toEqual([3, 2]);
    expect(
      await value(
        store,
        "SELECT count(*)::int AS n FROM pg_indexes WHERE schemaname = current_schema() AND indexname = 'messages_search'",
      ),
    ).toBe(0);
    expect(await found(store, 'upgraded')).toEqual([3, 1]);
    expect(await found(store, 'kept upg')).toEqual([1]);
  });
});
