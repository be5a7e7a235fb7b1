/**
 * Write guards (ports/settings.ts `guardWrite`, ADR 0129) on a real server, with two stores on one
 * schema (two nodes) whose writes run at REPEATABLE READ: a rule that counts rows another write may
 * add at the same time (a message's at most 11 distinct reactions) breaks without the guard, as
 * write skew, and holds with it: the second write runs again after the first and refuses. Skipped
 * without a PostgreSQL server.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PgStore } from './pg-store.js';
import { guardSlot } from './tables/settings.js';
import { dropSchema, postgresAvailable, testSchema, TEST_POSTGRES_URL } from '../contracts/postgres.js';
import { chat, user } from '../contracts/fixtures.js';
import type { StoreTx } from '../store.js';

const MAX_DISTINCT = 11;
const EMOJI = ['👍', '👎', '❤', '🔥', '🥰', '👏', '😁', '🤔', '🤯', '😱', '🤬', '😢'];

/** Waits for `check` to hold, failing after a deadline. */
async function waitFor(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.skipIf(!postgresAvailable)('write guards at snapshot isolation (two nodes)', () => {
  let schema: string;
  let first: PgStore;
  let second: PgStore;
  let chatPk: number;

  beforeEach(async () => {
    schema = testSchema();
    const open = () =>
      PgStore.open({ url: TEST_POSTGRES_URL, schema, poolSize: 3, isolation: 'REPEATABLE READ' });
    first = await open();
    second = await open();
    chatPk = await first.write(async (tx) => {
      for (let id = 1; id <= 12; id++) await tx.insertUser(user(id));
      const pk = await tx.insertChat(chat({ id: -1001, type: 'supergroup', title: 'G' }));
      await tx.insertMessage({
        chat_pk: pk,
        message_id: 1,
        sender_id: 1,
        date: 1,
        edit_date: null,
        body: '{}',
      });
      // Ten people with ten different reactions: room for one more distinct one.
      for (let id = 1; id <= 10; id++) await react(tx, pk, id, EMOJI[id - 1]!);
      return pk;
    });
  });
  afterEach(async () => {
    await first.close();
    await second.close();
    await dropSchema(schema);
  });

  function react(tx: StoreTx, pk: number, userId: number, emoji: string) {
    return tx.setMessageReaction({
      chat_pk: pk,
      message_id: 1,
      user_id: userId,
      reaction: JSON.stringify([{ type: 'emoji', emoji }]),
      is_big: false,
      updated_at: 2,
    });
  }

  /** As reactions.ts decides: count the message's distinct reactions, refuse a twelfth, add one. */
  async function addDistinct(
    tx: StoreTx,
    userId: number,
    guarded: boolean,
    beforeAdding: () => Promise<void>,
  ) {
    if (guarded) await tx.guardWrite(`reactions:${chatPk}:1`);
    const rows = await tx.listMessageReactions(chatPk, 1);
    const distinct = new Set(rows.map((row) => row.reaction));
    await beforeAdding();
    if (distinct.size + 1 > MAX_DISTINCT) throw new Error('REACTIONS_TOO_MANY');
    await react(tx, chatPk, userId, EMOJI[userId - 1]!);
  }

  /**
   * Person 11 adds a distinct reaction through the first node; while its write is open, person 12
   * adds another through the second. The first waits until the second has read the reactions or
   * waits for a row the first holds, then commits.
   */
  async function race(guarded: boolean) {
    let secondRead = false;
    let started!: () => void;
    const firstHasRead = new Promise<void>((resolve) => (started = resolve));
    const one = first.write(async (tx) =>
      addDistinct(tx, 11, guarded, async () => {
        started();
        await waitFor(
          async () =>
            secondRead ||
            (
              await first.pool.query(
                `SELECT count(*)::int AS n FROM pg_stat_activity
                  WHERE wait_event_type = 'Lock' AND query LIKE '%write_guards%'`,
              )
            ).rows[0].n > 0,
          'the second write to read or wait',
        );
      }),
    );
    await firstHasRead;
    const two = second.write(async (tx) =>
      addDistinct(tx, 12, guarded, async () => {
        secondRead = true;
      }),
    );
    const outcomes = await Promise.allSettled([one, two]);
    const stored = await first.listMessageReactions(chatPk, 1);
    return {
      outcomes: outcomes.map((o) => o.status),
      distinct: new Set(stored.map((row) => row.reaction)).size,
    };
  }

  it('without the guard both writes commit on what the other did not see: twelve distinct reactions', async () => {
    const { outcomes, distinct } = await race(false);
    expect(outcomes).toEqual(['fulfilled', 'fulfilled']);
    expect(distinct).toBe(MAX_DISTINCT + 1);
  });

  it('with the guard the second write runs again after the first, sees eleven and refuses', async () => {
    const { outcomes, distinct } = await race(true);
    expect(outcomes).toEqual(['fulfilled', 'rejected']);
    expect(distinct).toBe(MAX_DISTINCT);
    expect(second.reruns).not.toEqual({});
  });

  it('hashes keys to a bounded set of slots', () => {
    const slots = new Set(Array.from({ length: 10_000 }, (_, i) => guardSlot(`reactions:${i}:1`)));
    for (const slot of slots) expect(slot).toBeGreaterThanOrEqual(0);
    expect(Math.max(...slots)).toBeLessThan(4096);
    expect(slots.size).toBeGreaterThan(3500);
  });
});
