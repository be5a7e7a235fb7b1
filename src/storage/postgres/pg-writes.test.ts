/**
 * What the PostgreSQL adapter does to commit a batch in few round trips (pg-writes.ts,
 * pg-transaction.ts) and to keep rows in memory (pg-cache.ts), through the store and the event port
 * on a real server: held message ids, inserts sent later, drafts known from the chat row, a failed
 * transaction that COMMIT rolls back, and caches told by another process's commit. Skipped without
 * a PostgreSQL server (contracts/postgres.ts).
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgEvents } from './pg-events.js';
import { PgStore } from './pg-store.js';
import { dropSchema, postgresAvailable, testSchema, TEST_POSTGRES_URL } from '../contracts/postgres.js';
import { bot, user } from '../contracts/fixtures.js';
import { UniqueViolation, type StoreTx } from '../store.js';
import { watchQueries } from '../contracts/pg-queries-seen.js';

const BOT = 10;

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function message(chatPk: number, messageId: number) {
  return { chat_pk: chatPk, message_id: messageId, sender_id: BOT, date: 1, edit_date: null, body: '{}' };
}

function draft(chatPk: number, draftId: number) {
  return { chat_pk: chatPk, draft_id: draftId, bot_id: BOT, thread_id: 0, body: '{}', updated_at: 1 };
}

/** A write that sends a bot message: an id, the message, the end of the bot's drafts. */
function send(chatPk: number) {
  return async (tx: StoreTx) => {
    const id = await tx.nextMessageId(chatPk);
    await tx.insertMessage(message(chatPk, id));
    await tx.deleteDrafts(chatPk, BOT);
    return id;
  };
}

describe.skipIf(!postgresAvailable)('PostgreSQL writes in batches, and caches', () => {
  let schema: string;
  let stores: PgStore[];
  let chatPk: number;

  async function open(): Promise<PgStore> {
    const store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 3 });
    stores.push(store);
    return store;
  }

  async function lastMessageIdInDatabase(): Promise<number> {
    const rows = await stores[0]!.pool.query('SELECT last_message_id FROM chats WHERE pk = $1', [chatPk]);
    return rows.rows[0].last_message_id as number;
  }

  beforeEach(async () => {
    schema = testSchema();
    stores = [];
    const store = await open();
    chatPk = await store.write(async (tx) => {
      await tx.insertUser(user(1));
      await tx.insertUser(user(BOT, { is_bot: true, phone_number: null, username: 'batch_bot' }));
      await tx.insertBot(bot(BOT));
      const pk = await tx.insertChat({
        id: null,
        type: 'private',
        title: null,
        username: null,
        description: null,
        user_a: 1,
        user_b: BOT,
        last_message_id: 0,
        created_at: 1,
      });
      await tx.upsertMember({ chat_pk: pk, user_id: 1, status: 'member', data: '{}', updated_at: 1 });
      return pk;
    });
  });

  afterEach(async () => {
    for (const store of stores) await store.close();
    await dropSchema(schema);
  });

  it('numbers the messages of a batch consecutively, in order, and shows the last id', async () => {
    const store = stores[0]!;
    expect((await store.getChat(chatPk))?.last_message_id).toBe(0);
    const ids = await Promise.all(Array.from({ length: 12 }, () => store.write(send(chatPk))));
    expect(ids).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await lastMessageIdInDatabase()).toBe(12);
    expect((await store.getChat(chatPk))?.last_message_id).toBe(12);
    expect((await store.listMessages(chatPk, { limit: 50 })).map((m) => m.message_id)).toEqual(ids);
    // The next batch goes on from there.
    expect(await Promise.all([store.write(send(chatPk)), store.write(send(chatPk))])).toEqual([13, 14]);
  });

  it('leaves no trace of a write that took a message id and failed, in a batch or alone', async () => {
    const store = stores[0]!;
    await store.getChat(chatPk);
    const failing = async (tx: StoreTx) => {
      await send(chatPk)(tx);
      throw new Error('boom');
    };
    const outcomes = await Promise.allSettled([
      store.write(send(chatPk)),
      store.write(failing),
      store.write(send(chatPk)),
    ]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'failed'))).toEqual([1, 'failed', 2]);
    await expect(store.write(failing)).rejects.toThrow('boom');
    expect(await lastMessageIdInDatabase()).toBe(2);
    expect((await store.getChat(chatPk))?.last_message_id).toBe(2);
    expect((await store.listMessages(chatPk, { limit: 50 })).map((m) => m.message_id)).toEqual([1, 2]);
  });

  it('fails only the write whose message insert, sent late, the database refuses', async () => {
    const store = stores[0]!;
    const outcomes = await Promise.allSettled([
      store.write(send(chatPk)),
      store.write(async (tx) => tx.insertMessage(message(chatPk, 1))),
      store.write(send(chatPk)),
    ]);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: 1 });
    expect(outcomes[2]).toEqual({ status: 'fulfilled', value: 2 });
    const refused = outcomes[1] as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(UniqueViolation);
    expect((refused.reason as UniqueViolation).constraint).toMatch(/^messages\./);
  });

  it('puts the single timeline events of a write in one multi-row insert, in order', async () => {
    const store = stores[0]!;
    const event = (n: number) => ({
      at: n,
      kind: 'update' as const,
      name: 'message',
      bot_id: BOT,
      chat_id: null,
      person_id: null,
      status: 'ok',
      summary: `event ${n}`,
      duration_ms: null,
      request: null,
      answer: null,
    });
    const texts: string[] = [];
    const stop = watchQueries((text) => {
      if (/timeline_events/.test(text)) texts.push(text);
    });
    try {
      await store.write(async (tx) => {
        await send(chatPk)(tx);
        await tx.insertTimelineEvents([event(1)]);
        await send(chatPk)(tx);
        await tx.insertTimelineEvents([event(2)]);
      });
    } finally {
      stop();
    }
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^INSERT INTO timeline_events \(at, kind, .*\) VALUES \([^)]*\), \([^)]*\)$/);
    const rows = await store.listTimeline({ limit: 10 });
    expect(rows.map((row) => row.summary)).toEqual(['event 2', 'event 1']);
  });

  it("sends a press's callback query and an edit's update with the write's next statement", async () => {
    // Neither answers anything the write needs: no round trip of their own (issue 31).
    const store = stores[0]!;
    const seen: string[] = [];
    const stop = watchQueries((text) => {
      if (/callback_queries|UPDATE messages/.test(text)) seen.push(text.split(' (')[0]!.split(' SET')[0]!);
    });
    try {
      const read = await store.write(async (tx) => {
        const id = await send(chatPk)(tx);
        await tx.insertCallbackQuery({
          id: '77',
          bot_id: BOT,
          user_id: 1,
          chat_pk: chatPk,
          message_id: id,
          data: 'ok',
          created_at: 1,
          answered_at: null,
          answer: null,
        });
        await tx.updateMessage(chatPk, id, '{"text":"edited"}', 2);
        const before = [...seen];
        // A read of the write sends what waits first, and sees it.
        const query = await tx.getCallbackQuery('77');
        const message = await tx.getMessage(chatPk, id);
        return { before, query: query?.data, body: message?.body, edit: message?.edit_date };
      });
      expect(read).toEqual({ before: [], query: 'ok', body: '{"text":"edited"}', edit: 2 });
      expect(seen).toEqual([
        'INSERT INTO callback_queries',
        'UPDATE messages',
        'SELECT * FROM callback_queries WHERE id = $1',
      ]);
    } finally {
      stop();
    }
  });

  it("ends a chat's drafts put before the batch or in it, and answers how many", async () => {
    const store = stores[0]!;
    await store.write(async (tx) => tx.putDraft(draft(chatPk, 1)));
    const removed = async (tx: StoreTx) => {
      await tx.nextMessageId(chatPk);
      return tx.deleteDrafts(chatPk, BOT);
    };
    expect(await Promise.all([store.write(removed), store.write(removed)])).toEqual([1, 0]);
    expect(
      await Promise.all([
        store.write(send(chatPk)),
        store.write(async (tx) => tx.putDraft(draft(chatPk, 2))),
        store.write(async (tx) => tx.deleteDrafts(chatPk, BOT)),
        store.write(async (tx) => tx.deleteDrafts(chatPk, BOT)),
      ]),
    ).toEqual([3, undefined, 1, 0]);
    expect(await store.listDrafts(chatPk, 0)).toEqual([]);
  });

  it('does not report as committed a write that went on after a statement failed', async () => {
    const store = stores[0]!;
    const goesOn = async (tx: StoreTx) => {
      await tx.insertUser(user(1)).catch(() => undefined);
      return 'went on';
    };
    await expect(store.write(goesOn)).rejects.toThrow();
    const outcomes = await Promise.allSettled([
      store.write(send(chatPk)),
      store.write(goesOn),
      store.write(send(chatPk)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await lastMessageIdInDatabase()).toBe(2);
  });

  it("shows a write's own changes to its store reads, and only to them", async () => {
    const store = stores[0]!;
    let changed!: () => void;
    // Another request's read, made while the write runs (from outside its fn): what is committed.
    const outside = new Promise<void>((resolve) => (changed = resolve)).then(async () => [
      (await store.getUser(1))?.first_name,
      (await store.listDrafts(chatPk, 0)).length,
    ]);
    const seen = await store.write(async (tx) => {
      await tx.updateUser(1, { first_name: 'Mine' });
      await tx.putDraft(draft(chatPk, 3));
      changed();
      await outside;
      return [(await store.getUser(1))?.first_name, (await store.listDrafts(chatPk, 0)).length];
    });
    expect(seen).toEqual(['Mine', 1]);
    expect(await outside).toEqual(['User 1', 0]);
    expect((await store.getUser(1))?.first_name).toBe('Mine');
  });

  describe('caches across processes', () => {
    let events: PgEvents;
    let a: PgStore;
    let b: PgStore;

    beforeEach(async () => {
      a = stores[0]!;
      b = await open();
      events = await PgEvents.open({ url: TEST_POSTGRES_URL, schema }, a.pool);
      events.on('rows.changed', ({ area, id }) => a.forgetCached(area, id));
    });

    afterEach(async () => {
      await events.close();
    });

    it("reads a user, a chat and a member afresh once another process's commit is heard", async () => {
      // A keeps the rows; B changes them; A is told by the NOTIFY of B's commit.
      expect((await a.getUser(1))?.first_name).toBe('User 1');
      expect((await a.getMember(chatPk, 1))?.status).toBe('member');
      expect((await a.getPrivateChat(BOT, 1))?.title).toBeNull();
      await b.write(async (tx) => {
        await tx.updateUser(1, { first_name: 'Renamed' });
        await tx.upsertMember({ chat_pk: chatPk, user_id: 1, status: 'kicked', data: '{}', updated_at: 2 });
        await tx.updateChat(chatPk, { title: 'Changed' });
      });
      await waitFor(async () => (await a.getUser(1))?.first_name === 'Renamed', 'the renamed user');
      await waitFor(async () => (await a.getMember(chatPk, 1))?.status === 'kicked', 'the kicked member');
      await waitFor(async () => (await a.getPrivateChat(1, BOT))?.title === 'Changed', 'the chat title');
    });

    it('forgets what it keeps when its listening connection was lost', async () => {
      expect((await a.getUser(1))?.first_name).toBe('User 1');
      const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await admin.connect();
      try {
        await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query = $1`, [
          `LISTEN parley_events_${schema}`,
        ]);
      } finally {
        await admin.end();
      }
      // Changed while A does not listen: A hears nothing of it, and reads it afresh once back.
      await b.write(async (tx) => tx.updateUser(1, { first_name: 'Unheard' }));
      await waitFor(async () => (await a.getUser(1))?.first_name === 'Unheard', 'the user read afresh');
    });
  });
});
