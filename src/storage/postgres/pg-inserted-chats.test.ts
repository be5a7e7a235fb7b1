/**
 * Chats a write inserted are kept in the row cache at its commit, with the members it wrote in
 * them (pg-cache.ts TxScope `insertedChat`, ADR 0106 addendum "a new private chat kept"): a
 * person's first message to a bot makes their private chat, and the bot's reply finds the chat, its
 * pair and its members with no statement; the kept rows are the database's; a chat of a write
 * rolled back to its savepoint is not kept. Skipped without a PostgreSQL server
 * (contracts/postgres.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PgStore } from './pg-store.js';
import { postgresAvailable, storeForEachTest } from '../contracts/postgres.js';
import { chat, member, user } from '../contracts/fixtures.js';
import { poolStatements } from '../contracts/pg-queries-seen.js';
import type { StoreTx } from '../store.js';

/** A person's first message to a bot: their private chat, its two members, the message's id. */
function firstMessage(person: number, botUser: number) {
  return async (tx: StoreTx) => {
    const { chat: row } = await tx.ensurePrivateChat(chat({ user_a: person, user_b: botUser }));
    await tx.upsertMember(member(row.pk, person));
    await tx.upsertMember(member(row.pk, botUser));
    const id = await tx.nextMessageId(row.pk);
    await tx.insertMessage({
      chat_pk: row.pk,
      message_id: id,
      sender_id: person,
      date: 1,
      edit_date: null,
      body: '{}',
    });
    return row.pk;
  };
}

describe.skipIf(!postgresAvailable)('PostgreSQL chats kept at the commit that inserted them', () => {
  let store: PgStore;
  storeForEachTest((opened) => (store = opened));

  beforeEach(async () => {
    await store.write(async (tx) => {
      for (const id of [1, 2, 3, 4]) await tx.insertUser(user(id));
      await tx.insertUser(user(10, { is_bot: true }));
    });
  });

  it('answers the chat, its pair and its members without a statement, as the database has them', async () => {
    const pk = await store.write(firstMessage(1, 10));
    const { value, texts } = await poolStatements(async () => ({
      pair: await store.getPrivateChat(10, 1),
      chat: await store.getChat(pk),
      members: [await store.getMember(pk, 1), await store.getMember(pk, 10)],
      stranger: await store.getMember(pk, 2),
    }));
    expect(texts).toEqual([]);
    const row = (await store.pool.query('SELECT * FROM chats WHERE pk = $1', [pk])).rows[0];
    expect(row.last_message_id).toBe(1);
    expect(value.pair).toEqual(row);
    expect(value.chat).toEqual(row);
    const members = (
      await store.pool.query('SELECT * FROM chat_members WHERE chat_pk = $1 ORDER BY user_id', [pk])
    ).rows;
    expect(value.members).toEqual(members);
    expect(value.stranger).toBeUndefined();
  });

  it('keeps no chat of a write rolled back to its savepoint', async () => {
    // Three writes at once go in one batch; the one that throws is rolled back to its savepoint.
    const outcomes = await Promise.allSettled([
      store.write(firstMessage(1, 10)),
      store.write(async (tx) => {
        await firstMessage(2, 10)(tx);
        throw new Error('refused');
      }),
      store.write(firstMessage(3, 10)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const { value, texts } = await poolStatements(async () => [
      await store.getPrivateChat(1, 10),
      await store.getPrivateChat(2, 10),
      await store.getPrivateChat(3, 10),
    ]);
    expect(value.map((row) => row?.user_a)).toEqual([1, undefined, 3]);
    // The chats of the batch's other writes are not kept either (a rollback to a savepoint
    // forgets what the transaction inserted so far: safe); only asked of the database.
    expect(texts.every((text) => text === 'SELECT * FROM chats WHERE user_a = $1 AND user_b = $2')).toBe(
      true,
    );
    expect(texts).toContain('SELECT * FROM chats WHERE user_a = $1 AND user_b = $2');
  });
});
