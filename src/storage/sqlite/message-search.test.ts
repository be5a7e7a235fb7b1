/**
 * What the SQLite adapter's search index does beyond the port's contract (contracts/
 * message-search.contract.ts): migration 037 indexes the messages a database held before it, and
 * the queue the triggers fill is moved into the index in batches at a commit and whole before a
 * search, surviving a reopen in between.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteStore } from './sqlite-store.js';
import { SEARCH_QUEUE_BATCH } from './tables/message-search.js';

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

  const queued = () => {
    const db = new Database(file, { readonly: true });
    try {
      return (db.prepare('SELECT count(*) AS n FROM message_search_queue').get() as { n: number }).n;
    } finally {
      db.close();
    }
  };

  it('indexes the messages stored before migration 037', async () => {
    const before = SqliteStore.open(file, { template: null, checkpointWorker: false });
    const pk = await before.write(async (tx) => {
      for (const id of [1, 2]) await tx.insertUser(user(id));
      const created = await tx.insertChat(chat);
      await tx.insertMessage(message(created, 1, 'stored before the index'));
      return created;
    });
    await before.close();
    // The database as 036 left it: no index, no queue, no triggers.
    const db = new Database(file);
    for (const trigger of [
      'insert',
      'update',
      'delete',
      'ephemeral_insert',
      'ephemeral_update',
      'ephemeral_delete',
    ])
      db.exec(`DROP TRIGGER message_search_${trigger}`);
    db.exec(
      'DROP TABLE message_search; DROP TABLE message_search_queue; DELETE FROM schema_migrations WHERE version = 37',
    );
    db.close();
    const after = SqliteStore.open(file, { template: null, checkpointWorker: false });
    try {
      expect(await after.searchMessages(1, { text: 'befo ind', limit: 5 })).toMatchObject([
        { chat_pk: pk, message_id: 1, ephemeral: 0 },
      ]);
    } finally {
      await after.close();
    }
  });

  it('moves the queue into the index in batches, and whole before a search, across a reopen', async () => {
    const store = SqliteStore.open(file, { template: null, checkpointWorker: false });
    const pk = await store.write(async (tx) => {
      for (const id of [1, 2]) await tx.insertUser(user(id));
      return tx.insertChat(chat);
    });
    await store.write(async (tx) => {
      for (let id = 1; id < SEARCH_QUEUE_BATCH; id++) await tx.insertMessage(message(pk, id, `note ${id}`));
    });
    expect(queued()).toBe(SEARCH_QUEUE_BATCH - 1);
    await store.write(async (tx) => tx.insertMessage(message(pk, SEARCH_QUEUE_BATCH, 'the last of a batch')));
    expect(queued()).toBe(0);
    await store.write(async (tx) => tx.insertMessage(message(pk, SEARCH_QUEUE_BATCH + 1, 'queued note')));
    expect(queued()).toBe(1);
    await store.close();

    const reopened = SqliteStore.open(file, { template: null, checkpointWorker: false });
    try {
      const found = await reopened.searchMessages(1, { text: 'note', limit: 3 });
      expect(found.map((hit) => hit.message_id)).toEqual([
        SEARCH_QUEUE_BATCH + 1,
        SEARCH_QUEUE_BATCH - 1,
        SEARCH_QUEUE_BATCH - 2,
      ]);
      expect(queued()).toBe(0);
      expect(await reopened.searchMessages(1, { text: 'last batch', limit: 3 })).toHaveLength(1);
    } finally {
      await reopened.close();
    }
  });
});
