/**
 * One order for the chats' and bots' rows a write transaction locks (pg-lock-order.ts, ADR 0106
 * addendum): two stores on one database (two nodes) whose transactions used to take those rows in
 * opposite orders, deterministically (each holds its first rows until the other holds its own),
 * commit every write with no deadlock and no lock waited for past lock_timeout, counted by the
 * stores' `reruns`; ids stay consecutive. The order itself is checked without a server.
 * Skipped without a PostgreSQL server (contracts/postgres.ts).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LockOrder } from './pg-lock-order.js';
import { PgStore } from './pg-store.js';
import { dropSchema, postgresAvailable, testSchema, TEST_POSTGRES_URL } from '../contracts/postgres.js';
import { bot, chat, update, user } from '../contracts/fixtures.js';
import type { StoreTx, WriteKey } from '../store.js';

const PERSON = 1;
const FIRST_UPDATE_ID = 5_000_000;

/** Resolves for everyone once `n` callers arrived. */
function barrier(n: number): () => Promise<void> {
  let arrived = 0;
  let open!: () => void;
  const all = new Promise<void>((resolve) => (open = resolve));
  return () => {
    if (++arrived >= n) open();
    return all;
  };
}

describe('the order of locked rows', () => {
  it('waits only for a row after every row held; locks one before with NOWAIT, and names it', () => {
    const order = new LockOrder();
    order.took([{ chat: 5 }, { bot: 20 }]);
    expect(order.mayWait({ bot: 21 })).toBe(true);
    expect(order.mayWait({ bot: 20 })).toBe(true);
    expect(order.mayWait({ bot: 19 })).toBe(false);
    expect(order.mayWait({ chat: 9 })).toBe(false);
    expect(order.lock({ bot: 21 })).toBeUndefined();
    expect(order.lock({ chat: 9 })?.sql).toMatch(/FROM chats .* FOR NO KEY UPDATE NOWAIT/);
    expect(order.lock({ chat: 9 })).toBeUndefined();
    expect([...order.unnamed.chats, ...order.unnamed.bots]).toEqual([9, 21]);
    order.own({ chat: 1 });
    expect(order.lock({ chat: 1 })).toBeUndefined();
    order.rolledBack();
    expect(order.lock({ bot: 21 })?.sql).toMatch(/FROM bots .* NOWAIT/);
    expect(new LockOrder().lock({ chat: 1 })).toBeUndefined();
  });
});

describe.skipIf(!postgresAvailable)('PostgreSQL writers on one database, locking in one order', () => {
  let schema: string;
  let stores: PgStore[];
  /** The person's private chat with each bot, by bot. */
  const chats = new Map<number, number>();

  const open = async () => {
    const store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 3 });
    stores.push(store);
    return store;
  };
  const key = (botId: number): WriteKey => ({ bot: botId, chat: chats.get(botId)!, queues: true });
  /** A person's message to a bot: a message id, the message, the bot's row, its update. */
  const personSends = (botId: number) => async (tx: StoreTx) => {
    const chatPk = chats.get(botId)!;
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
    return [id, updateId];
  };
  const lastIds = async () =>
    (await stores[0]!.pool.query('SELECT id, last_update_id FROM bots ORDER BY id')).rows.map((row) => [
      Number(row.id),
      Number(row.last_update_id),
    ]);
  const waitsAndDeadlocks = () => stores.map((store) => store.reruns.deadlock + store.reruns.lockTimeout);

  beforeEach(async () => {
    schema = testSchema();
    stores = [];
    const store = await open();
    await store.write(async (tx) => {
      await tx.insertUser(user(PERSON));
      for (const id of [10, 11]) {
        await tx.insertUser(user(id, { is_bot: true, phone_number: null, username: `order_${id}_bot` }));
        await tx.insertBot(bot(id));
        chats.set(id, await tx.insertChat(chat({ user_a: PERSON, user_b: id })));
      }
    });
  });

  afterEach(async () => {
    for (const store of stores) await store.close();
    await dropSchema(schema);
  });

  it('takes no rows ahead after those taken with the commit before, for writes asked after it', async () => {
    const [a, b] = [stores[0]!, await open()];
    const bothHold = barrier(2);
    // On each store: a write that queues a write of its own bot (whose rows go ahead with its
    // commit, and which waits until the other store's holds its rows), and, once that commit is
    // made, a write of the other store's bot.
    const run = (store: PgStore, mine: number, theirs: number) =>
      new Promise<Array<Promise<unknown>>>((resolve, reject) => {
        const writes: Array<Promise<unknown>> = [];
        store.observeCommits(() => {
          store.observeCommits(undefined);
          writes.push(store.write(key(theirs), personSends(theirs)));
          resolve(writes);
        });
        store
          .write(async () => {
            writes.push(store.write(key(mine), async (tx) => bothHold().then(() => personSends(mine)(tx))));
          })
          .catch(reject);
      });
    const writes = (await Promise.all([run(a, 10, 11), run(b, 11, 10)])).flat();
    const answers = (await Promise.all(writes)) as number[][];

    expect(waitsAndDeadlocks()).toEqual([0, 0]);
    expect(answers.map(([, updateId]) => updateId).sort()).toEqual([
      FIRST_UPDATE_ID + 1,
      FIRST_UPDATE_ID + 1,
      FIRST_UPDATE_ID + 2,
      FIRST_UPDATE_ID + 2,
    ]);
    expect(await lastIds()).toEqual([
      [10, FIRST_UPDATE_ID + 2],
      [11, FIRST_UPDATE_ID + 2],
    ]);
  }, 20_000);

  it('locks a bot its keys did not name, ranking before one it holds, with NOWAIT', async () => {
    const [a, b] = [stores[0]!, await open()];
    const bothHold = barrier(2);
    // Unkeyed writes (a group's send, say) that queue updates for two bots, in opposite orders.
    const queuesFor = (first: number, second: number) => async (tx: StoreTx) => {
      const ids = [await tx.nextUpdateId(first, 100)];
      await bothHold();
      ids.push(await tx.nextUpdateId(second, 100));
      await tx.insertUpdate(update(first, ids[0]!));
      await tx.insertUpdate(update(second, ids[1]!));
      return ids;
    };
    const answers = await Promise.all([a.write(queuesFor(10, 11)), b.write(queuesFor(11, 10))]);

    expect(waitsAndDeadlocks()).toEqual([0, 0]);
    // One of them met the other's row out of order and ran again, with both bots taken ahead.
    expect(a.reruns.outOfOrder + b.reruns.outOfOrder).toBe(1);
    expect(answers.flat().sort()).toEqual([
      FIRST_UPDATE_ID + 1,
      FIRST_UPDATE_ID + 1,
      FIRST_UPDATE_ID + 2,
      FIRST_UPDATE_ID + 2,
    ]);
    expect(await lastIds()).toEqual([
      [10, FIRST_UPDATE_ID + 2],
      [11, FIRST_UPDATE_ID + 2],
    ]);
  }, 20_000);
});
