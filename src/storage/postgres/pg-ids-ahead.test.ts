/**
 * Ids taken ahead for a batch of keyed writes (pg-held-ids.ts, pg-transaction.ts `ahead`, ADR 0093
 * addendum): the chats and the queued bots that the writes' keys name are locked and read in one
 * round trip with the batch's first statement, and every id of the batch is counted from them, with
 * no increment a write; a row taken and not used is not written; two stores (two nodes) taking the
 * same rows ahead at once hand out each id once, in commit order; a batch run again with
 * savepoints takes its ids by increment; ids counted before a restart of the numbering are written;
 * the rows of writes queued while a batch runs go ahead with its commit (a bot locked there is not
 * read a second time).
 * Skipped without a PostgreSQL server (contracts/postgres.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgStore } from './pg-store.js';
import { dropSchema, postgresAvailable, testSchema, TEST_POSTGRES_URL } from '../contracts/postgres.js';
import { bot, update, user } from '../contracts/fixtures.js';
import type { StoreTx } from '../store.js';
import { countWriteStatements, watchQueries } from '../contracts/pg-queries-seen.js';

const PERSON = 1;
const BOTS = [10, 11];
const FIRST_UPDATE_ID = 5_000_000;

/** Records what the write connections send, in order, while it is on. */
function recordWriteStatements(): { texts: string[]; stop: () => void } {
  const texts: string[] = [];
  const stop = watchQueries((text, onWriteConnection) => {
    if (onWriteConnection) texts.push(text);
  });
  return { texts, stop };
}

/** The statements counted whose text matches. */
function matching(counts: Map<string, number>, pattern: RegExp): number {
  return [...counts].filter(([text]) => pattern.test(text)).reduce((sum, [, n]) => sum + n, 0);
}

const CHATS_TAKEN = /FROM chats c WHERE c\.pk = ANY\(\$1::bigint\[\]\) ORDER BY c\.pk FOR UPDATE OF c/;
const BOTS_TAKEN = /FROM bots WHERE id = ANY\(\$1::bigint\[\]\) ORDER BY id FOR UPDATE/;
const CHAT_INCREMENT = /SET last_message_id = last_message_id \+ 1/;
const BOT_INCREMENT = /SET last_update_id = last_update_id \+ 1/;

/** A person's message to a bot as the platform writes it: a message id, the message, its update. */
const personSends = (chatPk: number, botId: number) => async (tx: StoreTx) => {
  const id = await tx.nextMessageId(chatPk);
  await tx.insertMessage({
    chat_pk: chatPk,
    message_id: id,
    sender_id: PERSON,
    date: 1,
    edit_date: null,
    body: '{}',
  });
  if (!(await tx.getBot(botId))) throw new Error('no bot');
  const updateId = await tx.nextUpdateId(botId, 100);
  await tx.insertUpdate(update(botId, updateId));
  return { id, updateId };
};

/** The bot's reply: a message id and the message. */
const botReplies = (chatPk: number, botId: number) => async (tx: StoreTx) => {
  const id = await tx.nextMessageId(chatPk);
  await tx.insertMessage({
    chat_pk: chatPk,
    message_id: id,
    sender_id: botId,
    date: 1,
    edit_date: null,
    body: '{}',
  });
  return { id };
};

describe.skipIf(!postgresAvailable)('PostgreSQL ids taken ahead for a batch', () => {
  let schema: string;
  let stores: PgStore[];
  /** The person's private chat with each bot, by bot. */
  let chats: Map<number, number>;

  const open = async () => {
    const store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 3 });
    stores.push(store);
    return store;
  };
  const lastIds = async () => {
    const db = stores[0]!.pool;
    const chatRows = await db.query('SELECT pk, last_message_id FROM chats ORDER BY pk');
    const botRows = await db.query('SELECT id, last_update_id, last_update_at FROM bots ORDER BY id');
    return {
      chats: chatRows.rows.map((row) => [row.pk, row.last_message_id]),
      bots: botRows.rows.map((row) => [row.id, row.last_update_id, row.last_update_at]),
    };
  };
  const key = (botId: number, queues = true) => ({ bot: botId, chat: chats.get(botId)!, queues });

  beforeEach(async () => {
    schema = testSchema();
    stores = [];
    const store = await open();
    chats = new Map();
    await store.write(async (tx) => {
      await tx.insertUser(user(PERSON));
      for (const id of BOTS) {
        await tx.insertUser(user(id, { is_bot: true, phone_number: null, username: `ahead_${id}_bot` }));
        await tx.insertBot(bot(id));
        const pk = await tx.insertChat({
          id: null,
          type: 'private',
          title: null,
          username: null,
          description: null,
          user_a: PERSON,
          user_b: id,
          last_message_id: 0,
          created_at: 1,
        });
        chats.set(id, pk);
      }
    });
  });

  afterEach(async () => {
    for (const store of stores) await store.close();
    await dropSchema(schema);
  });

  it("takes a batch's chats and queued bots in one round trip and counts every id from them", async () => {
    const store = stores[0]!;
    const counter = countWriteStatements();
    let answers;
    try {
      answers = await Promise.all([
        store.write(key(10), personSends(chats.get(10)!, 10)),
        store.write(key(11), personSends(chats.get(11)!, 11)),
        store.write(key(10), personSends(chats.get(10)!, 10)),
        store.write(key(10, false), botReplies(chats.get(10)!, 10)),
      ]);
    } finally {
      counter.stop();
    }
    expect(answers).toEqual([
      { id: 1, updateId: FIRST_UPDATE_ID + 1 },
      { id: 1, updateId: FIRST_UPDATE_ID + 1 },
      { id: 2, updateId: FIRST_UPDATE_ID + 2 },
      { id: 3 },
    ]);
    expect(matching(counter.counts, CHATS_TAKEN)).toBe(1);
    expect(matching(counter.counts, BOTS_TAKEN)).toBe(1);
    expect(matching(counter.counts, CHAT_INCREMENT)).toBe(0);
    expect(matching(counter.counts, BOT_INCREMENT)).toBe(0);
    // The bots' rows came with the lock: no other read of them.
    expect(matching(counter.counts, /FROM bots WHERE id = (\$1|ANY\(\$1::bigint\[\]\))$/)).toBe(0);
    expect(await lastIds()).toEqual({
      chats: [
        [chats.get(10), 3],
        [chats.get(11), 1],
      ],
      bots: [
        [10, FIRST_UPDATE_ID + 2, 100],
        [11, FIRST_UPDATE_ID + 1, 100],
      ],
    });
    const messages = await store.listMessages(chats.get(10)!, { limit: 10 });
    expect(messages.map((m) => [m.message_id, m.sender_id])).toEqual([
      [1, PERSON],
      [2, PERSON],
      [3, 10],
    ]);
    expect((await store.listUpdates(10, 0, 10, 0)).map((u) => u.update_id)).toEqual([
      FIRST_UPDATE_ID + 1,
      FIRST_UPDATE_ID + 2,
    ]);
  });

  it('writes back no row it took ahead and did not use', async () => {
    const store = stores[0]!;
    const counter = countWriteStatements();
    let seen;
    try {
      seen = await store.write(key(10), async (tx) => (await tx.getBot(10))!.last_update_id);
    } finally {
      counter.stop();
    }
    expect(seen).toBe(FIRST_UPDATE_ID);
    expect(matching(counter.counts, CHATS_TAKEN)).toBe(1);
    expect(matching(counter.counts, /^UPDATE (chats|bots)\b/)).toBe(0);
    expect(await lastIds()).toEqual({
      chats: [
        [chats.get(10), 0],
        [chats.get(11), 0],
      ],
      bots: [
        [10, FIRST_UPDATE_ID, 0],
        [11, FIRST_UPDATE_ID, 0],
      ],
    });
  });

  it('takes the rows of the writes queued meanwhile with the commit before them', async () => {
    const store = stores[0]!;
    const recorder = recordWriteStatements();
    let next: Array<Promise<unknown>> = [];
    let first;
    try {
      first = await store.write(key(10), async (tx) => {
        const sent = await personSends(chats.get(10)!, 10)(tx);
        // Queued while this batch runs: the next batch.
        next = [
          store.write(key(11), personSends(chats.get(11)!, 11)),
          store.write(key(10, false), botReplies(chats.get(10)!, 10)),
        ];
        return sent;
      });
      expect(await Promise.all(next)).toEqual([{ id: 1, updateId: FIRST_UPDATE_ID + 1 }, { id: 2 }]);
    } finally {
      recorder.stop();
    }
    expect(first).toEqual({ id: 1, updateId: FIRST_UPDATE_ID + 1 });
    const texts = recorder.texts;
    const commit = texts.indexOf('COMMIT');
    // Right after the first batch's COMMIT: the next one's BEGIN, and its rows (its chats, the bot
    // it queues for, the bot that replies), in the same round trip.
    expect(texts.slice(commit + 1, commit + 5).map((text) => text.slice(0, 30))).toEqual([
      'BEGIN ISOLATION LEVEL SERIALIZ',
      'SELECT c.pk, c.last_message_id',
      'SELECT * FROM bots WHERE id = ',
      'SELECT * FROM bots WHERE id = ',
    ]);
    expect(texts.filter((text) => CHATS_TAKEN.test(text))).toHaveLength(2);
    expect(texts.filter((text) => CHAT_INCREMENT.test(text) || BOT_INCREMENT.test(text))).toEqual([]);
    expect(await lastIds()).toEqual({
      chats: [
        [chats.get(10), 2],
        [chats.get(11), 1],
      ],
      bots: [
        [10, FIRST_UPDATE_ID + 1, 100],
        [11, FIRST_UPDATE_ID + 1, 100],
      ],
    });
  });

  it('reads a bot whose row goes ahead locked only with its lock, with the commit before', async () => {
    const store = stores[0]!;
    const recorder = recordWriteStatements();
    let next: Array<Promise<unknown>> = [];
    try {
      await store.write(key(11), async (tx) => {
        const sent = await personSends(chats.get(11)!, 11)(tx);
        // Queued while this batch runs: a message to bot 10 (its row locked) and its reply (read).
        next = [
          store.write(key(10), personSends(chats.get(10)!, 10)),
          store.write(key(10, false), botReplies(chats.get(10)!, 10)),
        ];
        return sent;
      });
      expect(await Promise.all(next)).toEqual([{ id: 1, updateId: FIRST_UPDATE_ID + 1 }, { id: 2 }]);
    } finally {
      recorder.stop();
    }
    const texts = recorder.texts;
    const commit = texts.indexOf('COMMIT');
    // After the COMMIT: the next BEGIN, its chat, its bot locked (and read); no read of it besides.
    expect(texts.slice(commit + 1, commit + 4).map((text) => text.slice(0, 30))).toEqual([
      'BEGIN ISOLATION LEVEL SERIALIZ',
      'SELECT c.pk, c.last_message_id',
      'SELECT * FROM bots WHERE id = ',
    ]);
    expect(texts.filter((text) => text === 'SELECT * FROM bots WHERE id = ANY($1::bigint[])')).toEqual([]);
  });

  it('hands out every id once, in commit order, when two stores take the same rows ahead', async () => {
    const other = await open();
    const writes: Array<Promise<{ id: number; updateId: number }>> = [];
    // A write on each store every turn: batches of both meet on the rows, taken ahead with their
    // first statement or with the commit before them.
    for (let turn = 0; turn < 20; turn++) {
      for (const store of [stores[0]!, other])
        writes.push(store.write(key(10), personSends(chats.get(10)!, 10)));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const answers = await Promise.all(writes);
    const total = writes.length;
    const byId = [...answers].sort((a, b) => a.id - b.id);
    expect(byId.map((a) => a.id)).toEqual(Array.from({ length: total }, (_, i) => i + 1));
    // Both ids of a write come from rows held to its commit: in the same order.
    expect(byId.map((a) => a.updateId)).toEqual(
      Array.from({ length: total }, (_, i) => FIRST_UPDATE_ID + i + 1),
    );
    expect((await lastIds()).chats[0]).toEqual([chats.get(10), total]);
    expect((await lastIds()).bots[0]).toEqual([10, FIRST_UPDATE_ID + total, 100]);
  });

  it('takes the ids of a batch run again with savepoints by increment', async () => {
    const store = stores[0]!;
    const failing = async (tx: StoreTx) => {
      await personSends(chats.get(10)!, 10)(tx);
      throw new Error('boom');
    };
    const outcomes = await Promise.allSettled([
      store.write(key(10), personSends(chats.get(10)!, 10)),
      store.write(key(10), failing),
      store.write(key(10), personSends(chats.get(10)!, 10)),
    ]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'failed'))).toEqual([
      { id: 1, updateId: FIRST_UPDATE_ID + 1 },
      'failed',
      { id: 2, updateId: FIRST_UPDATE_ID + 2 },
    ]);
    expect((await lastIds()).chats[0]).toEqual([chats.get(10), 2]);
    expect((await lastIds()).bots[0]).toEqual([10, FIRST_UPDATE_ID + 2, 100]);
  });

  it('writes the ids counted before the numbering starts again', async () => {
    const store = stores[0]!;
    const ids = await store.write(key(10), async (tx) => {
      const first = await tx.nextUpdateId(10, 300);
      await tx.updateBot(10, { last_update_id: 7 });
      const second = await tx.nextUpdateId(10, 400);
      return [first, second];
    });
    expect(ids).toEqual([FIRST_UPDATE_ID + 1, 8]);
    expect((await lastIds()).bots[0]).toEqual([10, 8, 400]);
    // And with nothing counted after the restart: the time of the last id counted before it stays.
    await store.write(key(11), async (tx) => {
      await tx.nextUpdateId(11, 500);
      await tx.updateBot(11, { last_update_id: 42 });
    });
    expect((await lastIds()).bots[1]).toEqual([11, 42, 500]);
  });
});
