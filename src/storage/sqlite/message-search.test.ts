/**
 * What the SQLite adapter's search index does beyond the port's contract (contracts/
 * message-search.contract.ts): migration 037 indexes the messages a database held before it;
 * migration 038 makes the index again from the messages' current texts (what 037's index and queue
 * held included) and starts each chat's watermark at its newest message;
 * storing a message writes nothing for the index, a write of its own indexes stored messages in
 * batches, and a search first indexes what its chats hold above their watermarks, across a reopen;
 * edits and deletions go through the queue, drained in batches.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { listMigrations } from './migrate.js';
import { SqliteStore } from './sqlite-store.js';
import { SEARCH_INDEX_BATCH, SEARCH_QUEUE_BATCH } from './tables/message-search.js';

const chat = {
  id: null,
  type: 'private' as const,
  title: null,
  username: null,
  description: null,
  user_a: 1,
  user_b: 2,
  last_message_id: 0,
  created_at: 1,
};
const user = (id: number) => ({
  id,
  is_bot: false,
  first_name: `User ${id}`,
  last_name: null,
  username: null,
  phone_number: `+1555000${id}`,
  language_code: null,
  created_at: 1,
});
const message = (chatPk: number, id: number, text: string) => ({
  chat_pk: chatPk,
  message_id: id,
  sender_id: 2,
  date: 1000 + id,
  edit_date: null,
  body: JSON.stringify({ text }),
});

describe('the SQLite search index', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'parley-search-'));
    file = path.join(dir, 'db.sqlite');
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** One value read from the database file beside the store (a reader of its own). */
  const peek = (query: string, ...params: unknown[]): number | null => {
    const db = new Database(file, { readonly: true });
    try {
      return (db.prepare(query).get(...params) as { n: number | null }).n;
    } finally {
      db.close();
    }
  };
  const queued = () => peek('SELECT count(*) AS n FROM message_search_queue');
  const indexed = () => peek('SELECT count(*) AS n FROM message_search');
  const watermark = (chatPk: number) =>
    peek('SELECT max(message_id) AS n FROM message_search_indexed WHERE chat_pk = ?', chatPk);
  const open = (migrations?: readonly string[]) =>
    SqliteStore.open(file, {
      template: null,
      checkpointWorker: false,
      ...(migrations ? { migrations } : {}),
    });

  async function withChat(store: SqliteStore): Promise<number> {
    return store.write(async (tx) => {
      for (const id of [1, 2]) await tx.insertUser(user(id));
      return tx.insertChat(chat);
    });
  }

  it('indexes the messages stored before migration 037', async () => {
    const before = open();
    const pk = await withChat(before);
    await before.write(async (tx) => tx.insertMessage(message(pk, 1, 'stored before the index')));
    await before.close();
    // The database as 036 left it: no index, no queue, no triggers, no watermarks.
    const db = new Database(file);
    for (const trigger of ['update', 'delete', 'ephemeral_update', 'ephemeral_delete'])
      db.exec(`DROP TRIGGER message_search_${trigger}`);
    db.exec(`DROP TABLE message_search; DROP TABLE message_search_queue; DROP TABLE message_search_indexed;
      DELETE FROM schema_migrations WHERE version IN (37, 38)`);
    db.close();
    const after = open();
    try {
      expect(await after.searchMessages(1, { text: 'befo ind', limit: 5 })).toMatchObject([
        { chat_pk: pk, message_id: 1, ephemeral: 0 },
      ]);
    } finally {
      await after.close();
    }
  });

  it('upgrades a database whose 037 index and queue hold rows: each message indexed once, by its current text', async () => {
    const upTo037 = listMigrations().filter((name) => Number(name.slice(0, 3)) <= 37);
    const old = open(upTo037);
    const pk = await withChat(old);
    await old.close();
    // As 037's triggers and drain left a database: three messages indexed, then two more queued,
    // an indexed one edited and one deleted, an ephemeral message queued.
    const db = new Database(file);
    const insert = db.prepare(
      "INSERT INTO messages (chat_pk, message_id, sender_id, date, edit_date, body) VALUES (?, ?, 2, ?, NULL, json_object('text', ?))",
    );
    for (const [id, text] of [
      [1, 'alpha drafted'],
      [2, 'alpha doomed'],
      [3, 'alpha kept'],
    ] as const)
      insert.run(pk, id, 1000 + id, text);
    db.exec(`INSERT INTO message_search (rowid, text)
      SELECT q.key, m.body ->> '$.text' FROM message_search_queue q
        JOIN messages m ON m.chat_pk = (q.key >> 32) AND m.message_id = (q.key & 4294967295);
      DELETE FROM message_search_queue`);
    insert.run(pk, 4, 1004, 'alpha queued');
    insert.run(pk, 5, 1005, 'alpha queued too');
    db.prepare(
      "UPDATE messages SET body = json_object('text', 'alpha revised') WHERE chat_pk = ? AND message_id = 1",
    ).run(pk);
    db.prepare('DELETE FROM messages WHERE chat_pk = ? AND message_id = 2').run(pk);
    db.prepare(
      `INSERT INTO ephemeral_messages (chat_pk, ephemeral_message_id, receiver_id, sender_id, after_message_id, date, body)
       VALUES (?, 1, 1, 2, 5, 2000, json_object('text', 'alpha ephemeral'))`,
    ).run(pk);
    expect(db.prepare('SELECT count(*) AS n FROM message_search_queue').get()).toEqual({ n: 5 });
    db.close();

    const store = open();
    try {
      expect(queued()).toBe(0);
      expect(watermark(pk)).toBe(5);
      expect(indexed()).toBe(5);
      const texts = async (words: string) =>
        (await store.searchMessages(1, { text: words, limit: 10 })).map(
          (hit) => (JSON.parse(hit.body) as { text: string }).text,
        );
      expect(await texts('alpha')).toEqual([
        'alpha ephemeral',
        'alpha queued too',
        'alpha queued',
        'alpha kept',
        'alpha revised',
      ]);
      expect(await texts('drafted')).toEqual([]);
      expect(await texts('doomed')).toEqual([]);
      // And it goes on from the watermarks: a message stored after the upgrade is found.
      await store.write(async (tx) => tx.insertMessage(message(pk, 6, 'alpha after the upgrade')));
      expect(await texts('alpha after')).toEqual(['alpha after the upgrade']);
      expect(watermark(pk)).toBe(6);
    } finally {
      await store.close();
    }
  });

  it('stores a message without writing for the index; a write of its own indexes a batch of them', async () => {
    const store = open();
    try {
      const pk = await withChat(store);
      await store.write(async (tx) => {
        for (let id = 1; id < SEARCH_INDEX_BATCH; id++) await tx.insertMessage(message(pk, id, `note ${id}`));
      });
      // Another write after it: any background write queued by the first has run by then.
      await store.write(async () => undefined);
      expect([queued(), indexed(), watermark(pk)]).toEqual([0, 0, null]);
      await store.write(async (tx) =>
        tx.insertMessage(message(pk, SEARCH_INDEX_BATCH, 'the last of a batch')),
      );
      await waitFor(() => watermark(pk) === SEARCH_INDEX_BATCH, { what: 'the background index write' });
      expect([queued(), indexed()]).toEqual([0, SEARCH_INDEX_BATCH]);
    } finally {
      await store.close();
    }
  });

  it('finds a message right after it is stored, across a reopen that forgets what was not indexed', async () => {
    const store = open();
    const pk = await withChat(store);
    await store.write(async (tx) => {
      for (let id = 1; id <= 3; id++) await tx.insertMessage(message(pk, id, `memo ${id}`));
    });
    expect(await store.searchMessages(1, { text: 'memo', chatPk: pk, limit: 1 })).toMatchObject([
      { message_id: 3 },
    ]);
    expect(watermark(pk)).toBe(3);
    await store.write(async (tx) => tx.insertMessage(message(pk, 4, 'memo 4')));
    await store.close();
    expect(watermark(pk)).toBe(3);

    const reopened = open();
    try {
      const found = await reopened.searchMessages(1, { text: 'memo', limit: 10 });
      expect(found.map((hit) => hit.message_id)).toEqual([4, 3, 2, 1]);
      expect(watermark(pk)).toBe(4);
    } finally {
      await reopened.close();
    }
  });

  it('follows an edit or a deletion above the watermark, and drains edits in batches at a commit', async () => {
    const store = open();
    try {
      const pk = await withChat(store);
      await store.write(async (tx) => {
        for (let id = 1; id <= 3; id++) await tx.insertMessage(message(pk, id, `first ${id}`));
        await tx.updateMessage(pk, 2, JSON.stringify({ text: 'second 2' }), 1500);
        await tx.deleteMessage(pk, 3);
      });
      expect([queued(), watermark(pk)]).toEqual([2, null]);
      const found = async (words: string) =>
        (await store.searchMessages(1, { text: words, limit: 10 })).map((hit) => hit.message_id);
      expect(await found('first')).toEqual([1]);
      expect(await found('second')).toEqual([2]);
      expect([queued(), indexed(), watermark(pk)]).toEqual([0, 2, 2]);

      await store.write(async (tx) => {
        for (let id = 4; id < 4 + SEARCH_QUEUE_BATCH - 1; id++)
          await tx.insertMessage(message(pk, id, `first ${id}`));
      });
      expect(await found('first 200')).toEqual([200]);
      await store.write(async (tx) => {
        for (let id = 4; id < 4 + SEARCH_QUEUE_BATCH - 1; id++)
          await tx.updateMessage(pk, id, JSON.stringify({ text: `third ${id}` }), 1600);
      });
      expect(queued()).toBe(SEARCH_QUEUE_BATCH - 1);
      await store.write(async (tx) => tx.updateMessage(pk, 1, JSON.stringify({ text: 'third 1' }), 1600));
      expect(queued()).toBe(0);
      expect(await found('first')).toEqual([]);
      expect(await found('third 200')).toEqual([200]);
    } finally {
      await store.close();
    }
  });
});
