/**
 * What concurrent writers may count on, whatever the adapter (a second adapter, or several processes
 * on one database, must keep these too): no update_id or message_id handed out twice, message ids in
 * commit order per chat, and a balance that never goes below zero however many debits race.
 * Writes here are started together and awaited together, so that an adapter that can run them at
 * once (PostgreSQL, several connections) does.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';
import { bot, update, user } from './fixtures.js';

const WRITERS = 60;

export function concurrencyContract(open: () => Promise<Store>): void {
  describe('concurrent writers', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('number updates from the bot row without a gap or a duplicate, also when some roll back', async () => {
      await store.write(async (tx) => {
        await tx.insertUser(user(1, { is_bot: true, phone_number: null }));
        await tx.insertBot(bot(1));
      });
      const start = (await store.getBot(1))!.last_update_id;
      const results = await Promise.allSettled(
        Array.from({ length: WRITERS }, (_, i) =>
          store.write(async (tx) => {
            // As the update queue numbers them: take the next id from the bot row, then insert.
            const updateId = await tx.nextUpdateId(1, 1000);
            await tx.insertUpdate(update(1, updateId, { queue_key: `c${i}` }));
            if (i % 7 === 3) throw new Error('rolled back');
            return updateId;
          }),
        ),
      );
      const committed = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      expect(committed.length).toBe(WRITERS - results.filter((r) => r.status === 'rejected').length);
      const stored = (await store.listUpdates(1, 0, 1000, 0)).map((row) => row.update_id);
      expect(stored).toEqual([...committed].sort((a, b) => a - b));
      expect(new Set(stored).size).toBe(stored.length);
      // No gap: a rolled-back writer's id is taken by the next one.
      expect(stored).toEqual(Array.from({ length: committed.length }, (_, i) => start + 1 + i));
      expect((await store.getBot(1))!.last_update_id).toBe(start + committed.length);
    });

    it('hand out message ids once per chat, increasing in commit order, never reusing a committed one', async () => {
      const chatPk = await store.write(async (tx) =>
        tx.insertChat({
          id: -1001,
          type: 'supergroup',
          title: 'G',
          username: null,
          description: null,
          user_a: null,
          user_b: null,
          last_message_id: 0,
          created_at: 1,
        }),
      );
      const order: number[] = [];
      await Promise.allSettled(
        Array.from({ length: WRITERS }, (_, i) =>
          store
            .write(async (tx) => {
              const messageId = await tx.nextMessageId(chatPk);
              await tx.insertMessage({
                chat_pk: chatPk,
                message_id: messageId,
                sender_id: 1,
                date: 1,
                edit_date: null,
                body: '{}',
              });
              if (i % 5 === 2) throw new Error('rolled back');
              return messageId;
            })
            .then((messageId) => order.push(messageId)),
        ),
      );
      // Resolved in commit order: the ids increase along it.
      expect(order).toEqual([...order].sort((a, b) => a - b));
      const stored = (await store.listMessages(chatPk, { limit: 1000 })).map((row) => row.message_id);
      expect(stored).toEqual(order);
      expect(new Set(stored).size).toBe(stored.length);
      // A committed id is not given again. (An id given to a write that rolled back may be: the
      // rollback undoes its reservation, ADR 0007; that SQLite skips it is an effect of its blocks.)
      const next = await store.write(async (tx) => tx.nextMessageId(chatPk));
      expect(next).toBeGreaterThan(Math.max(...order));
      expect((await store.getChat(chatPk))!.last_message_id).toBeGreaterThanOrEqual(next);
    });

    it('never take a balance below zero: of many racing debits, exactly those it covers succeed', async () => {
      const id = await store.write(async (tx) =>
        tx.gateway.insertAccount({
          owner_user_id: 1,
          token_lookup: 'race',
          signing_key: Buffer.alloc(32, 2),
          balance: 0,
          default_price: 1,
          created_at: 1,
        }),
      );
      const covered = 17;
      await store.write(async (tx) => tx.gateway.credit(id, covered * 3));
      const outcomes = await Promise.all(
        Array.from({ length: WRITERS }, () => store.write(async (tx) => tx.gateway.debit(id, 3))),
      );
      const succeeded = outcomes.filter((balance) => balance !== undefined);
      expect(succeeded.length).toBe(covered);
      expect(succeeded.every((balance) => balance! >= 0)).toBe(true);
      expect((await store.gateway.getAccount(id))!.balance).toBe(0);
    });
  });
}
