/**
 * New chats inserted blind on PostgreSQL (pg-chat-pks.ts, pg-waiting.ts, ADR 0106 addendum
 * "creating a world"): a private chat that a read before the write did not find is inserted with a
 * pk taken ahead, and nothing the write sends waits for that insert's answer (it goes with the
 * message's rows); the message ids counted from the new row are written after it; if the chat was
 * made since the read (another node), the insert fails, the write runs again and finds that chat.
 * Skipped without a PostgreSQL server (contracts/postgres.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgStore } from './pg-store.js';
import { dropSchema, postgresAvailable, testSchema, TEST_POSTGRES_URL } from '../contracts/postgres.js';
import { bot, chat, update, user } from '../contracts/fixtures.js';
import type { StoreTx } from '../store.js';
import { watchQueries } from '../contracts/pg-queries-seen.js';

const BOT = 10;

/**
 * What the write connections (pg's pipeline mode) send while `run` runs: the texts of each send,
 * statements sent in one turn of the event loop together (one round trip).
 */
async function sends(run: () => Promise<unknown>): Promise<string[][]> {
  const groups: string[][] = [];
  let open: string[] | undefined;
  const stop = watchQueries((text, onWriteConnection) => {
    if (!onWriteConnection) return;
    if (!open) {
      open = [];
      groups.push(open);
      queueMicrotask(() => (open = undefined));
    }
    open.push(text);
  });
  try {
    await run();
  } finally {
    stop();
  }
  return groups;
}

/** A person's first message to the bot: the chat (made if new) with its members, the message, its update. */
const firstMessage = (person: number) => async (tx: StoreTx) => {
  const made = await tx.ensurePrivateChat(chat({ type: 'private', user_a: person, user_b: BOT }));
  if (made.created)
    for (const id of [person, BOT])
      await tx.upsertMember({
        chat_pk: made.chat.pk,
        user_id: id,
        status: 'member',
        data: '{}',
        updated_at: 1,
      });
  const id = await tx.nextMessageId(made.chat.pk);
  await tx.insertMessage({
    chat_pk: made.chat.pk,
    message_id: id,
    sender_id: person,
    date: 1,
    edit_date: null,
    body: '{}',
  });
  await tx.insertUpdate(update(BOT, await tx.nextUpdateId(BOT, 100)));
  return { ...made, id };
};

describe.skipIf(!postgresAvailable)('PostgreSQL new chats inserted blind', () => {
  let schema: string;
  let stores: PgStore[];

  const open = async () => {
    const store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 3 });
    stores.push(store);
    return store;
  };

  beforeEach(async () => {
    schema = testSchema();
    stores = [];
    const store = await open();
    await store.write(async (tx) => {
      for (const id of [1, 2, 3]) await tx.insertUser(user(id));
      await tx.insertUser(user(BOT, { is_bot: true, phone_number: null, username: 'blind_chats_bot' }));
      await tx.insertBot(bot(BOT));
    });
  });

  afterEach(async () => {
    for (const store of stores) await store.close();
    await dropSchema(schema);
  });

  it("waits for no answer of a new private chat's insert, and counts its message ids after it", async () => {
    const [store] = stores as [PgStore];
    // A send's key reads the pair's chat before the write (platform/messages/write-keys.ts).
    expect(await store.getPrivateChat(1, BOT)).toBeUndefined();
    let first: Awaited<ReturnType<ReturnType<typeof firstMessage>>> | undefined;
    const sent = await sends(async () => {
      first = await store.write({ bot: BOT, queues: true }, firstMessage(1));
    });
    expect([first!.created, first!.id]).toEqual([true, 1]);
    const inserts = sent.flat().filter((text) => text.startsWith('INSERT INTO chats '));
    expect(inserts).toHaveLength(1);
    expect(inserts[0]).toMatch(/^INSERT INTO chats \(pk, /);
    expect(inserts[0]).not.toMatch(/RETURNING/);
    // It goes with the message's own rows, not in a round trip of its own before them.
    const withIt = sent.find((group) => group.includes(inserts[0]!))!;
    expect(withIt.some((text) => text.startsWith('INSERT INTO messages '))).toBe(true);
    // Nothing of the new chat is named to the other processes (no process has it cached).
    expect(sent.flat().filter((text) => /pg_notify/.test(text))).toEqual([]);
    // The row's last message id, written after it; the next message in the chat takes the next id.
    const row = await store.pool.query('SELECT last_message_id FROM chats WHERE pk = $1', [first!.chat.pk]);
    expect(Number(row.rows[0].last_message_id)).toBe(1);
    const second = await store.write({ bot: BOT, queues: true }, firstMessage(1));
    expect([second.created, second.chat.pk, second.id]).toEqual([false, first!.chat.pk, 2]);
    expect((await store.listMembers(first!.chat.pk)).map((m) => m.user_id)).toEqual([1, BOT]);
  });

  it('runs the write again when the chat was made since the read found none, and finds it', async () => {
    const [store] = stores as [PgStore];
    const other = await open();
    expect(await store.getPrivateChat(2, BOT)).toBeUndefined();
    // Another node makes the pair's chat after that read.
    const made = await other.write({ bot: BOT, queues: true }, firstMessage(2));
    expect(made.created).toBe(true);
    let again: Awaited<ReturnType<ReturnType<typeof firstMessage>>> | undefined;
    const sent = await sends(async () => {
      again = await store.write({ bot: BOT, queues: true }, firstMessage(2));
    });
    expect([again!.created, again!.chat.pk, again!.id]).toEqual([false, made.chat.pk, 2]);
    // The blind insert failed (its pair exists), then the write ran again without the hint.
    const inserts = sent.flat().filter((text) => text.startsWith('INSERT INTO chats '));
    expect(inserts.map((text) => /^INSERT INTO chats \(pk, /.test(text))).toEqual([true, false]);
    const pair = await store.pool.query(
      'SELECT count(*)::int AS n FROM chats WHERE user_a = 2 AND user_b = $1',
      [BOT],
    );
    expect(pair.rows[0].n).toBe(1);
    const ids = await store.pool.query('SELECT message_id FROM messages WHERE chat_pk = $1 ORDER BY 1', [
      made.chat.pk,
    ]);
    expect(ids.rows.map((r) => Number(r.message_id))).toEqual([1, 2]);
  });
});
