/**
 * What the SQLite adapter's search index does beyond the port's contract (contracts/
 * message-search.contract.ts): migration 037 indexes the messages a database held before it;
 * migration 038 makes the index again from the messages' current texts (what 037's index and queue
 * held included) and starts each chat's watermark at its newest message;
 * storing a message writes nothing for the index while the store is busy; once it is quiet, writes
 * of their own index stored messages in chunks (under sustained load, past a bound, one chunk per
 * chunk's worth stored); a search first indexes what its chats hold above their watermarks, across a
 * reopen, in chunks with a turn of the event loop between two; edits and deletions go through the
 * queue, drained in batches. The background's timing
 * (idle time, least, chunk, bound, clock) is set by each test; its clock stands still unless moved.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { listMigrations } from './migrate.js';
import { SqliteStore } from './sqlite-store.js';
import { SEARCH_QUEUE_BATCH } from './tables/message-search.js';
import { SEARCH_INDEX_LEAST, type SearchIndexTiming } from '../search-indexer.js';
import { chat as chatRow, user } from '../contracts/fixtures.js';

const chat = chatRow({ user_a: 1, user_b: 2 });
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
  const peek = (query: string, ...params: unknown[]): number | null => peekAt(file, query, ...params);
  const peekAt = (at: string, query: string, ...params: unknown[]): number | null => {
    const db = new Database(at, { readonly: true });
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
  const open = (migrations?: readonly string[], searchIndex?: Partial<SearchIndexTiming>) =>
    SqliteStore.open(file, {
      template: null,
      checkpointWorker: false,
      ...(migrations ? { migrations } : {}),
      ...(searchIndex ? { searchIndex } : {}),
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

  /** The background's clock, moved by the test (it stands still: the store looks busy); `reads` counts its reads. */
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
  const stored = (chatPk: number, from: number, to: number, word: string) =>
    Array.from({ length: to - from + 1 }, (_, i) => message(chatPk, from + i, `${word} ${from + i}`));

  it('writes nothing for the index while the store is busy; once it is quiet, indexes in chunks', async () => {
    const clock = testClock();
    const store = open(undefined, { idleMs: 5, least: 10, chunk: 100, now: clock.now });
    try {
      const pk = await withChat(store);
      for (const row of stored(pk, 1, 350, 'busy')) await store.write(async (tx) => tx.insertMessage(row));
      // The idle timer fires three times more and finds the store busy (its clock has not moved).
      const reads = clock.reads;
      await waitFor(() => clock.reads >= reads + 3, { what: 'the idle timer' });
      expect([indexed(), watermark(pk)]).toEqual([0, null]);
      await store.write(async (tx) => {
        await tx.updateMessage(pk, 5, JSON.stringify({ text: 'revised 5' }), 1500);
        await tx.deleteMessage(pk, 6);
      });
      expect([indexed(), queued(), watermark(pk)]).toEqual([0, 2, null]);

      const marks: Array<number | null> = [];
      store.observeCommits(() => marks.push(watermark(pk)));
      clock.ms += 5;
      await waitFor(() => watermark(pk) === 350, { what: 'the background to catch up' });
      expect(marks).toEqual([100, 200, 300, 350]);
      expect([indexed(), queued()]).toEqual([349, 0]);
      const found = await store.searchMessages(1, { text: 'busy', limit: 400 });
      expect(found).toHaveLength(348);
      expect(found.some((hit) => hit.message_id === 5 || hit.message_id === 6)).toBe(false);
      expect(await store.searchMessages(1, { text: 'revised', limit: 5 })).toMatchObject([{ message_id: 5 }]);
      expect(marks).toHaveLength(4);
    } finally {
      await store.close();
    }
  });

  it('indexes a chat with more than a chunk waiting in several writes, each chat to its watermark', async () => {
    const clock = testClock();
    const store = open(undefined, { idleMs: 5, least: 10, chunk: 100, now: clock.now });
    try {
      const first = await withChat(store);
      const second = await store.write(async (tx) => {
        await tx.insertUser(user(3));
        return tx.insertChat({ ...chat, user_b: 3 });
      });
      await store.write(async (tx) => {
        for (const row of stored(first, 1, 250, 'many')) await tx.insertMessage(row);
        for (const row of stored(second, 1, 30, 'few')) await tx.insertMessage(row);
        for (let i = 1; i <= 3; i++)
          await tx.insertEphemeralMessage({
            chat_pk: first,
            receiver_id: 1,
            sender_id: 2,
            after_message_id: 250,
            date: 3000 + i,
            edit_date: null,
            body: JSON.stringify({ text: `fleeting ${i}` }),
          });
      });
      const marks = () => [watermark(first), watermark(second), watermark(0)];
      const seen: Array<Array<number | null>> = [];
      store.observeCommits(() => seen.push(marks()));
      clock.ms += 5;
      await waitFor(() => watermark(0) === 3, { what: 'the background to catch up' });
      // The first chat in three chunks (its range capped at 100 ids above its watermark, then all
      // the rest with the second chat and the ephemeral messages).
      expect(seen).toEqual([
        [100, null, null],
        [200, null, null],
        [250, 30, 3],
      ]);
      expect(indexed()).toBe(283);
      expect(await store.searchMessages(1, { text: 'many', limit: 300 })).toHaveLength(250);
      expect(await store.searchMessages(1, { text: 'fleeting', limit: 5 })).toHaveLength(3);
      expect(seen).toHaveLength(3);
    } finally {
      await store.close();
    }
  });

  it('indexes at most a chunk of a chat whose counts a reopen lost; the search indexes the rest', async () => {
    const timing = { idleMs: 5, least: 10, chunk: 100 };
    const before = open(undefined, { ...timing, now: testClock().now });
    const pk = await withChat(before);
    await before.write(async (tx) => {
      for (const row of stored(pk, 1, 250, 'lost')) await tx.insertMessage(row);
    });
    await before.close();
    const clock = testClock();
    const store = open(undefined, { ...timing, now: clock.now });
    try {
      await store.write(async (tx) => {
        for (const row of stored(pk, 251, 260, 'lost')) await tx.insertMessage(row);
      });
      const marks: Array<number | null> = [];
      store.observeCommits(() => marks.push(watermark(pk)));
      clock.ms += 5;
      await waitFor(() => marks.length === 1, { what: 'the background write' });
      await store.write(async () => undefined);
      expect(marks).toEqual([100, 100]);
      expect(await store.searchMessages(1, { text: 'lost', limit: 300 })).toHaveLength(260);
      expect(watermark(pk)).toBe(260);
    } finally {
      await store.close();
    }
  });

  it('indexes a chunk for each chunk stored once too many wait, however busy the store', async () => {
    const clock = testClock();
    const store = open(undefined, { idleMs: 5, least: 10, chunk: 50, mostBehind: 200, now: clock.now });
    try {
      const pk = await withChat(store);
      for (const row of stored(pk, 1, 400, 'load')) await store.write(async (tx) => tx.insertMessage(row));
      // Chunks forced at the 250th, 300th, 350th and 400th message: 200 wait.
      await waitFor(() => watermark(pk) === 200, { what: 'the chunks the bound forces' });
      await store.write(async () => undefined);
      expect([indexed(), watermark(pk)]).toEqual([200, 200]);
      expect(await store.searchMessages(1, { text: 'load', limit: 500 })).toHaveLength(400);
      expect(watermark(pk)).toBe(400);
    } finally {
      await store.close();
    }
  });

  it("catches a search's chats up in chunks: other work runs between two, the search answers after the last", async () => {
    const clock = testClock();
    const store = open(undefined, { idleMs: 5, least: 10, chunk: 100, now: clock.now });
    try {
      const pk = await withChat(store);
      await store.write(async (tx) => {
        for (const row of stored(pk, 1, 350, 'backlog')) await tx.insertMessage(row);
      });
      // The clock stands still, so the background waits: the search has 350 ids to index first.
      const events: string[] = [];
      let answered = false;
      let other: Promise<unknown> | undefined;
      store.observeCommits(() => {
        events.push(`commit ${watermark(pk)}`);
        // Another store call, made when the first chunk commits.
        other ??= store.write(async (tx) => tx.insertUser(user(3))).then(() => events.push('other write'));
      });
      // Other work: turns of the event loop, taken one after the other until the search answers.
      const turns = (async () => {
        while (!answered) {
          await new Promise((resolve) => setImmediate(resolve));
          if (!answered) events.push('turn');
        }
      })();
      const hits = await store.searchMessages(1, { text: 'backlog', limit: 400 });
      answered = true;
      events.push('answered');
      await Promise.all([turns, other]);

      expect(hits).toHaveLength(350);
      const commits = events.filter((event) => event.startsWith('commit'));
      expect(commits).toEqual(['commit 100', 'commit 100', 'commit 200', 'commit 300', 'commit 350']);
      expect(events.indexOf('other write')).toBeLessThan(events.indexOf('commit 200'));
      // Between two chunks' commits, the event loop turned.
      const chunks = ['commit 200', 'commit 300', 'commit 350'].map((commit) => events.indexOf(commit));
      for (const [i, at] of chunks.entries()) {
        const after = i === 0 ? events.indexOf('other write') : chunks[i - 1]!;
        expect(events.slice(after, at)).toContain('turn');
      }
      expect(events.at(-1)).toBe('answered');
      expect(watermark(pk)).toBe(350);
    } finally {
      await store.close();
    }
  });

  it('stops its idle timer at close: nothing runs after it, where an open store indexes', async () => {
    const [closing, control] = [testClock(), testClock()];
    const controlFile = path.join(dir, 'control.sqlite');
    const timing = { idleMs: 5, least: 10, chunk: 100 };
    const store = open(undefined, { ...timing, now: closing.now });
    const other = SqliteStore.open(controlFile, {
      template: null,
      checkpointWorker: false,
      searchIndex: { ...timing, now: control.now },
    });
    try {
      for (const each of [store, other]) {
        const pk = await withChat(each);
        await each.write(async (tx) => {
          for (const row of stored(pk, 1, 20, 'late')) await tx.insertMessage(row);
        });
      }
      await store.close();
      const reads = closing.reads;
      closing.ms = control.ms = 5;
      await waitFor(
        () => peekAt(controlFile, 'SELECT max(message_id) AS n FROM message_search_indexed') === 20,
        {
          what: 'the open store to index',
        },
      );
      expect(closing.reads).toBe(reads);
      expect([indexed(), watermark(1)]).toEqual([0, null]);
    } finally {
      await store.close();
      await other.close();
    }
  });

  it('leaves fewer than its least messages to the search that reads them, where a store with more indexes', async () => {
    const [few, control] = [testClock(), testClock()];
    const controlFile = path.join(dir, 'control.sqlite');
    const store = open(undefined, { idleMs: 5, now: few.now });
    const other = SqliteStore.open(controlFile, {
      template: null,
      checkpointWorker: false,
      searchIndex: { idleMs: 5, now: control.now },
    });
    try {
      for (const [each, count] of [
        [store, SEARCH_INDEX_LEAST - 1],
        [other, SEARCH_INDEX_LEAST],
      ] as const) {
        const pk = await withChat(each);
        for (const row of stored(pk, 1, count, 'few')) await each.write(async (tx) => tx.insertMessage(row));
      }
      const reads = few.reads;
      few.ms = control.ms = 5;
      await waitFor(
        () =>
          peekAt(controlFile, 'SELECT max(message_id) AS n FROM message_search_indexed') ===
          SEARCH_INDEX_LEAST,
        { what: 'the other store to index' },
      );
      expect([few.reads, indexed(), watermark(1)]).toEqual([reads, 0, null]);
      expect(await store.searchMessages(1, { text: 'few', limit: 100 })).toHaveLength(SEARCH_INDEX_LEAST - 1);
    } finally {
      await store.close();
      await other.close();
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
