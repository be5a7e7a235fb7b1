/**
 * The PostgreSQL adapter's write connections by key (pg-writes.ts, ADR 0106), on a real server:
 * writes of different keys run side by side, writes of one key commit in the order asked, two
 * connections that write one row meet as a conflict that is run again (neither update lost, ids
 * in commit order), a keyed write that fails leaves nothing, and a fn's store reads go to its own
 * connection's transaction while another runs. Skipped without a PostgreSQL server.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgStore } from './pg-store.js';
import { laneOf } from './pg-writes.js';
import { dropSchema, postgresAvailable, testSchema, TEST_POSTGRES_URL } from '../contracts/postgres.js';
import { bot, user } from '../contracts/fixtures.js';
import type { StoreTx } from '../store.js';

const WRITERS = 4;
const PERSON = 1;
/** Two bots whose writes go to different connections. */
const BOT_A = 10;
const BOT_B = Array.from({ length: 100 }, (_, i) => 11 + i).find(
  (id) => laneOf({ bot: id }, WRITERS) !== laneOf({ bot: BOT_A }, WRITERS),
)!;

/** Waits for `promise`, failing after a deadline instead of hanging: 'late' when it did not settle. */
function within<T>(promise: Promise<T>, ms = 10_000): Promise<T | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms))),
  ]).finally(() => clearTimeout(timer));
}

async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function message(chatPk: number, messageId: number, senderId: number) {
  return {
    chat_pk: chatPk,
    message_id: messageId,
    sender_id: senderId,
    date: 1,
    edit_date: null,
    body: '{}',
  };
}

describe('the write connection of a key', () => {
  it("is its bot's, else its chat's, else the first; spread over all; always the first of one", () => {
    expect(laneOf(undefined, WRITERS)).toBe(0);
    expect(laneOf({}, WRITERS)).toBe(0);
    expect(laneOf({ bot: 7, chat: 99 }, WRITERS)).toBe(laneOf({ bot: 7 }, WRITERS));
    expect(laneOf({ chat: 99 }, WRITERS)).toBe(laneOf({ bot: 99 }, WRITERS));
    const counts = new Array<number>(WRITERS).fill(0);
    for (let id = 1; id <= 4000; id++) counts[laneOf({ bot: id * 1_000_003 }, WRITERS)]!++;
    for (const count of counts) expect(count).toBeGreaterThan(700);
    expect(laneOf({ bot: 2 ** 40 + 5 }, 1)).toBe(0);
  });
});

describe.skipIf(!postgresAvailable)('PostgreSQL write connections by key', () => {
  let schema: string;
  let store: PgStore;
  /** The private chats of the person with each bot. */
  let chatA: number;
  let chatB: number;

  const lastIds = async () =>
    (
      await store.pool.query<{ id: number; last_update_id: number }>(
        'SELECT id, last_update_id FROM bots ORDER BY id',
      )
    ).rows.map((row) => [row.id, row.last_update_id]);
  const lastMessageId = async (pk: number) =>
    (await store.pool.query('SELECT last_message_id FROM chats WHERE pk = $1', [pk])).rows[0]
      .last_message_id as number;

  /** A person's message to a bot: the chat's next id, the message, the bot's next update id. */
  const personSends = (chatPk: number, botId: number) => async (tx: StoreTx) => {
    const id = await tx.nextMessageId(chatPk);
    await tx.insertMessage(message(chatPk, id, PERSON));
    const updateId = await tx.nextUpdateId(botId, 1);
    return { id, updateId };
  };

  beforeEach(async () => {
    schema = testSchema();
    store = await PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 4, writers: WRITERS });
    const pks = await store.write(async (tx) => {
      await tx.insertUser(user(PERSON));
      const pks: number[] = [];
      for (const id of [BOT_A, BOT_B]) {
        await tx.insertUser(user(id, { is_bot: true, phone_number: null, username: `lane_bot_${id}` }));
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
        await tx.upsertMember({ chat_pk: pk, user_id: PERSON, status: 'member', data: '{}', updated_at: 1 });
        pks.push(pk);
      }
      return pks;
    });
    [chatA, chatB] = [pks[0]!, pks[1]!];
  });

  afterEach(async () => {
    await store.close();
    await dropSchema(schema);
  });

  it('commits a write of another key while a write of one key is still open', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let other: Promise<unknown> | undefined;
    const first = store.write({ bot: BOT_A }, async (tx) => {
      const sent = await personSends(chatA, BOT_A)(tx);
      // The other key's write, asked while this transaction is open, commits before it ends.
      other ??= store.write({ bot: BOT_B }, personSends(chatB, BOT_B));
      const seen = await within(other);
      await gate;
      return { sent, seen };
    });
    // The same key's write waits for the first: its connection runs one transaction at a time.
    const same = store.write({ bot: BOT_A }, personSends(chatA, BOT_A));
    release();
    const { sent, seen } = await first;
    expect(seen).toEqual({ id: 1, updateId: 5_000_001 });
    expect(sent).toEqual({ id: 1, updateId: 5_000_001 });
    expect(await same).toEqual({ id: 2, updateId: 5_000_002 });
    expect(await lastIds()).toEqual([
      [BOT_A, 5_000_002],
      [BOT_B, 5_000_001],
    ]);
  });

  it('commits the writes of one key in the order they were asked, with those of other keys between', async () => {
    const asked = Array.from({ length: 30 }, (_, i) => {
      const botId = i % 3 === 0 ? BOT_B : BOT_A;
      // Every fifth unkeyed: they go to one connection, in order among themselves.
      const key = i % 5 === 4 ? undefined : { bot: botId };
      return {
        botId,
        keyed: key !== undefined,
        sent: store.write(key, personSends(botId === BOT_A ? chatA : chatB, botId)),
      };
    });
    const sent = await Promise.all(asked.map((write) => write.sent));
    for (const botId of [BOT_A, BOT_B]) {
      const ours = asked.map((write, i) => ({ ...write, ...sent[i]! })).filter((w) => w.botId === botId);
      // Every id once, none skipped.
      expect(ours.map((w) => w.id).sort((x, y) => x - y)).toEqual(ours.map((_, i) => i + 1));
      expect(ours.map((w) => w.updateId).sort((x, y) => x - y)).toEqual(ours.map((_, i) => 5_000_001 + i));
      // The writes of one key, and the unkeyed ones, took their ids in the order they were asked.
      for (const keyed of [true, false]) {
        const ids = ours.filter((w) => w.keyed === keyed).map((w) => w.id);
        expect(ids).toEqual([...ids].sort((x, y) => x - y));
      }
    }
    expect(await lastMessageId(chatA)).toBe(20);
    expect(await lastMessageId(chatB)).toBe(10);
  });

  it('runs again the write that met another connection on one row, and loses no update', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let runs = 0;
    // A holds the chat's row (its next message id) until the gate opens.
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    const a = store.write({ bot: BOT_A }, async (tx) => {
      const id = await tx.nextMessageId(chatA);
      await tx.insertMessage(message(chatA, id, BOT_A));
      held();
      await gate;
      return id;
    });
    await holding;
    // B, keyed by another bot, takes the same chat's next id: it waits for A's commit, fails as a
    // serialization conflict, and runs again.
    const b = store.write({ bot: BOT_B }, async (tx) => {
      runs++;
      const id = await tx.nextMessageId(chatA);
      await tx.insertMessage(message(chatA, id, BOT_B));
      return id;
    });
    await waitFor(async () => (await waitingForLock()) > 0, "B's wait for the row");
    release();
    expect(await Promise.all([a, b])).toEqual([1, 2]);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(await lastMessageId(chatA)).toBe(2);
    const messages = await store.listMessages(chatA, { limit: 10 });
    expect(messages.map((m) => [m.message_id, m.sender_id])).toEqual([
      [1, BOT_A],
      [2, BOT_B],
    ]);

    /** Connections waiting for a lock that hold this schema's chats table (B's, waiting for A). */
    async function waitingForLock(): Promise<number> {
      const { rows } = await store.pool.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity a
          WHERE a.wait_event_type = 'Lock' AND a.pid IN (
            SELECT l.pid FROM pg_locks l WHERE l.relation = to_regclass($1 || '.chats') AND l.granted)`,
        [schema],
      );
      return rows[0].n as number;
    }
  });

  it('leaves nothing of a keyed write that failed, beside one that commits on another connection', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const committed = store.write({ bot: BOT_B }, async (tx) => {
      const sent = await personSends(chatB, BOT_B)(tx);
      await gate;
      return sent;
    });
    const failing = store.write({ bot: BOT_A }, async (tx) => {
      await personSends(chatA, BOT_A)(tx);
      await tx.updateUser(PERSON, { first_name: 'Never' });
      throw new Error('no');
    });
    // And one of the same key in the same batch, which commits.
    const beside = store.write({ bot: BOT_A }, personSends(chatA, BOT_A));
    await expect(failing).rejects.toThrow('no');
    expect(await beside).toEqual({ id: 1, updateId: 5_000_001 });
    release();
    expect(await committed).toEqual({ id: 1, updateId: 5_000_001 });
    expect(await lastIds()).toEqual([
      [BOT_A, 5_000_001],
      [BOT_B, 5_000_001],
    ]);
    expect(await lastMessageId(chatA)).toBe(1);
    expect((await store.listMessages(chatA, { limit: 10 })).map((m) => m.message_id)).toEqual([1]);
    expect((await store.getUser(PERSON))?.first_name).toBe('User 1');
  });

  it("shows each write's own changes to its store reads while another connection's write runs", async () => {
    let bothChanged!: () => void;
    let changedOnce = false;
    const both = new Promise<void>((resolve) => (bothChanged = resolve));
    const arrive = () => {
      if (changedOnce) bothChanged();
      changedOnce = true;
    };
    const renames = (botId: number, name: string) =>
      store.write({ bot: botId }, async (tx) => {
        await tx.updateUser(botId, { first_name: name });
        // A read sends the update: both transactions have their snapshots before either commits.
        expect((await store.getUser(botId))?.first_name).toBe(name);
        arrive();
        await both;
        // Read again once the other's fn runs too (a read of the other's row would make the two a
        // write skew that SERIALIZABLE ends by running one again).
        return (await store.getUser(botId))?.first_name;
      });
    expect(await Promise.all([renames(BOT_A, 'A renamed'), renames(BOT_B, 'B renamed')])).toEqual([
      'A renamed',
      'B renamed',
    ]);
    expect((await store.getUser(BOT_A))?.first_name).toBe('A renamed');
    expect((await store.getUser(BOT_B))?.first_name).toBe('B renamed');
  });
});
