/**
 * What every send to a group reads, answered from the row caches (pg-cache.ts): the chat by its
 * public id (through the cache by pk, when the kept row still has that id) and the chat's bot
 * members (forgotten with the chat's members). Inside a write, as on the pool; a write that
 * changes a member reads them from its transaction, and its commit forgets them. Skipped without a
 * PostgreSQL server (contracts/postgres.ts).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { PgStore } from './pg-store.js';
import { postgresAvailable, storeForEachTest } from '../contracts/postgres.js';
import { bot, chat, member, user } from '../contracts/fixtures.js';
import { countWriteStatements, watchQueries } from '../contracts/pg-queries-seen.js';
import type { StoreTx } from '../store.js';

const GROUP_ID = -1001234;

describe.skipIf(!postgresAvailable)('PostgreSQL reads of a group, from the row caches', () => {
  let store: PgStore;
  let pk: number;

  storeForEachTest((opened) => (store = opened));

  beforeEach(async () => {
    pk = await store.write(async (tx) => {
      for (const id of [10, 11]) {
        await tx.insertUser(user(id, { is_bot: true, phone_number: null, username: `group_${id}_bot` }));
        await tx.insertBot(bot(id));
      }
      await tx.insertUser(user(1));
      const chatPk = await tx.insertChat(chat({ id: GROUP_ID, type: 'group', title: 'G' }));
      for (const id of [1, 10]) await tx.upsertMember(member(chatPk, id));
      return chatPk;
    });
  });

  /** A group send's reads, as the platform makes them: the chat by id, its bot members. */
  const sendReads = async (tx: StoreTx) => {
    const found = (await tx.getChatById(GROUP_ID))!;
    return { pk: found.pk, bots: (await tx.listBotMembers(found.pk)).map((row) => row.user_id) };
  };

  it('asks nothing for a group known from an earlier read, in a write as on the pool', async () => {
    expect((await store.getChatById(GROUP_ID))?.pk).toBe(pk);
    expect((await store.listBotMembers(pk)).map((row) => row.user_id)).toEqual([10]);
    const texts: string[] = [];
    const stop = watchQueries((text) => texts.push(text));
    let seen;
    try {
      seen = {
        chat: await store.getChatById(GROUP_ID),
        bots: await store.listBotMembers(pk),
        inWrite: await store.write(sendReads),
      };
    } finally {
      stop();
    }
    expect(seen.chat?.id).toBe(GROUP_ID);
    expect(seen.bots.map((row) => row.user_id)).toEqual([10]);
    expect(seen.inWrite).toEqual({ pk, bots: [10] });
    expect(texts.filter((text) => /FROM chats WHERE id|FROM chat_members/.test(text))).toEqual([]);
  });

  it('reads the bot members again in a write that changed one, and forgets them at its commit', async () => {
    await store.write(sendReads);
    const counter = countWriteStatements();
    let inWrite;
    try {
      inWrite = await store.write(async (tx) => {
        await tx.upsertMember(member(pk, 11));
        return sendReads(tx);
      });
    } finally {
      counter.stop();
    }
    expect(inWrite).toEqual({ pk, bots: [10, 11] });
    expect([...counter.counts.keys()].filter((text) => /JOIN bots/.test(text))).toHaveLength(1);
    expect(await store.write(sendReads)).toEqual({ pk, bots: [10, 11] });
    expect((await store.listBotMembers(pk)).map((row) => row.user_id)).toEqual([10, 11]);
  });

  it("reads a group's members at once when one is asked, then answers members and others from them", async () => {
    await store.write(async (tx) => {
      for (const id of [2, 3]) await tx.insertUser(user(id));
      for (const id of [2, 3]) await tx.upsertMember(member(pk, id));
    });
    const texts: string[] = [];
    const stop = watchQueries((text) => texts.push(text));
    let seen;
    try {
      seen = await store.write(async (tx) => {
        const found = [];
        for (const id of [1, 2, 3, 4, 10]) found.push((await tx.getMember(pk, id))?.user_id);
        return found;
      });
    } finally {
      stop();
    }
    expect(seen).toEqual([1, 2, 3, undefined, 10]);
    expect(texts.filter((text) => /FROM chat_members/.test(text))).toHaveLength(1);
    // A member a write changes is read from its transaction, and the chat's again after its commit.
    const changed = await store.write(async (tx) => {
      await tx.upsertMember({ ...member(pk, 4), status: 'administrator' });
      return (await tx.getMember(pk, 4))?.status;
    });
    expect(changed).toBe('administrator');
    expect((await store.getMember(pk, 4))?.status).toBe('administrator');
    expect(await store.getMember(pk, 5)).toBeUndefined();
  });
});
