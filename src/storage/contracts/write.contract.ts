/** The storage contract of the write contract (store.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UniqueViolation, type Store } from '../store.js';
import { user, bot, update } from './fixtures.js';

export function writeContract(open: () => Promise<Store>): void {
  describe('the write contract (store.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('rolls back only the failing write of a concurrent batch', async () => {
      await store.write(async (tx) => tx.insertUser(user(1)));
      const results = await Promise.allSettled([
        store.write(async (tx) => tx.insertUser(user(2))),
        store.write(async (tx) => {
          await tx.insertUser(user(3));
          throw new Error('boom');
        }),
        store.write(async (tx) => tx.insertUser(user(4))),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect(await store.getUser(2)).toBeDefined();
      expect(await store.getUser(3)).toBeUndefined();
      expect(await store.getUser(4)).toBeDefined();
    });

    it('rolls back what a failing write of a batch inserted and deleted, whatever an adapter sends later', async () => {
      await store.write(async (tx) => {
        await tx.insertUser(user(1, { is_bot: true, phone_number: null }));
        await tx.insertBot(bot(1));
        await tx.insertUpdate(update(1, 1));
      });
      const results = await Promise.allSettled([
        store.write(async (tx) => tx.insertUpdate(update(1, 2))),
        store.write(async (tx) => {
          await tx.insertUpdate(update(1, 3));
          await tx.deleteUpdatesBelow(1, 2);
          await tx.recordAttempt(1, 2, 5, 99);
          throw new Error('boom');
        }),
        store.write(async (tx) => tx.insertUpdate(update(1, 4))),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const stored = await store.listUpdates(1, 0, 10, 0);
      expect(stored.map((row) => [row.update_id, row.attempts])).toEqual([
        [1, 0],
        [2, 0],
        [4, 0],
      ]);
    });

    it('numbers a batch of updates of several bots in order, also with reads of the bot between', async () => {
      await store.write(async (tx) => {
        for (const id of [1, 2]) {
          await tx.insertUser(user(id, { is_bot: true, phone_number: null }));
          await tx.insertBot(bot(id));
        }
      });
      const start = [(await store.getBot(1))!.last_update_id, (await store.getBot(2))!.last_update_id];
      const ids = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          store.write(async (tx) => {
            const botId = 1 + (i % 2);
            const before = (await tx.getBot(botId))!.last_update_id;
            const updateId = await tx.nextUpdateId(botId, 2000 + i);
            // The bot row read after the increment answers it, as the update queue expects.
            expect((await tx.getBot(botId))!.last_update_id).toBe(updateId);
            expect(updateId).toBe(before + 1);
            await tx.insertUpdate(update(botId, updateId));
            return updateId;
          }),
        ),
      );
      expect(ids.filter((_, i) => i % 2 === 0)).toEqual(
        Array.from({ length: 6 }, (_, k) => start[0]! + 1 + k),
      );
      expect(ids.filter((_, i) => i % 2 === 1)).toEqual(
        Array.from({ length: 6 }, (_, k) => start[1]! + 1 + k),
      );
      const bot1 = (await store.getBot(1))!;
      expect([bot1.last_update_id, bot1.last_update_at]).toEqual([start[0]! + 6, 2010]);
      expect((await store.listUpdates(2, 0, 20, 0)).map((row) => row.update_id)).toEqual(
        ids.filter((_, i) => i % 2 === 1),
      );
    });

    it('numbers from a bot row that a write of the batch set, after ids taken before it', async () => {
      await store.write(async (tx) => {
        await tx.insertUser(user(1, { is_bot: true, phone_number: null }));
        await tx.insertBot(bot(1));
      });
      const start = (await store.getBot(1))!.last_update_id;
      const ids = await Promise.all([
        store.write(async (tx) => tx.nextUpdateId(1, 3000)),
        store.write(async (tx) => {
          // As the update queue starts ids again (a week idle, or near the top).
          await tx.updateBot(1, { last_update_id: 5000, last_update_at: 3001 });
          return tx.nextUpdateId(1, 3002);
        }),
        store.write(async (tx) => tx.nextUpdateId(1, 3003)),
      ]);
      expect(ids).toEqual([start + 1, 5001, 5002]);
      const row = (await store.getBot(1))!;
      expect([row.last_update_id, row.last_update_at]).toEqual([5002, 3003]);
    });

    it('rolls back only the write of a batch that the database refused, and goes on writing', async () => {
      await store.write(async (tx) => tx.insertUser(user(1)));
      const results = await Promise.allSettled([
        store.write(async (tx) => {
          await tx.insertUser(user(2));
          return 'second';
        }),
        // A unique violation breaks the database's transaction, not only this write.
        store.write(async (tx) => tx.insertUser(user(1))),
        store.write(async (tx) => tx.insertUser(user(3))),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      expect((results[0] as PromiseFulfilledResult<string>).value).toBe('second');
      expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(UniqueViolation);
      expect(await store.getUser(2)).toBeDefined();
      expect(await store.getUser(3)).toBeDefined();
      // The store goes on writing after the refusal.
      await store.write(async (tx) => tx.insertUser(user(4)));
      expect(await store.getUser(4)).toBeDefined();
    });

    it('never shows a user change that was rolled back, alone or in a batch', async () => {
      await store.write(async (tx) => tx.insertUser(user(1)));
      expect((await store.getUser(1))?.first_name).toBe('User 1');
      for (const batch of [1, 3]) {
        const writes = [
          store.write(async (tx) => {
            await tx.updateUser(1, { first_name: 'Changed' });
            expect((await tx.getUser(1))?.first_name).toBe('Changed');
            throw new Error('boom');
          }),
          ...Array.from({ length: batch - 1 }, (_, i) =>
            store.write(async (tx) => tx.insertUser(user(10 + i))),
          ),
        ];
        await Promise.allSettled(writes);
        expect((await store.getUser(1))?.first_name).toBe('User 1');
      }
      const copy = (await store.getUser(1))!;
      copy.first_name = 'Mutated';
      expect((await store.getUser(1))?.first_name).toBe('User 1');
    });

    it('never shows a chat, member or bot change that was rolled back, and hands out copies', async () => {
      await store.write(async (tx) => {
        await tx.insertUser(user(10, { is_bot: true, phone_number: null, username: 'echo_bot' }));
        await tx.insertBot(bot(10));
      });
      const pk = await store.write(async (tx) => {
        const chatPk = await tx.insertChat({
          id: null,
          type: 'private',
          title: null,
          username: null,
          description: null,
          user_a: 1,
          user_b: 10,
          last_message_id: 0,
          created_at: 1,
        });
        await tx.upsertMember({ chat_pk: chatPk, user_id: 10, status: 'member', data: '{}', updated_at: 1 });
        return chatPk;
      });
      // Read once, so that whatever the adapter keeps in memory is filled.
      expect((await store.getPrivateChat(1, 10))?.last_message_id).toBe(0);
      expect((await store.getMember(pk, 10))?.status).toBe('member');
      expect((await store.getBot(10))?.webhook_url).toBe('');
      for (const batch of [1, 3]) {
        await Promise.allSettled([
          store.write(async (tx) => {
            await tx.nextMessageId(pk);
            await tx.upsertMember({ chat_pk: pk, user_id: 10, status: 'kicked', data: '{}', updated_at: 2 });
            await tx.updateBot(10, { webhook_url: 'http://x/' });
            expect((await tx.getMember(pk, 10))?.status).toBe('kicked');
            expect((await tx.getBot(10))?.webhook_url).toBe('http://x/');
            throw new Error('boom');
          }),
          ...Array.from({ length: batch - 1 }, (_, i) =>
            store.write(async (tx) => tx.insertUser(user(20 + i + batch * 10))),
          ),
        ]);
        expect((await store.getPrivateChat(10, 1))?.last_message_id).toBe(0);
        expect((await store.getChat(pk))?.last_message_id).toBe(0);
        expect((await store.getMember(pk, 10))?.status).toBe('member');
        expect((await store.getBot(10))?.webhook_url).toBe('');
      }
      // Committed changes show at once (last_message_id may run ahead of the ids handed out).
      expect(await store.write(async (tx) => tx.nextMessageId(pk))).toBe(1);
      const reserved = (await store.getChat(pk))!.last_message_id;
      expect(reserved).toBeGreaterThanOrEqual(1);
      await store.write(async (tx) => tx.updateBot(10, { webhook_url: 'http://y/' }));
      expect((await store.getBot(10))?.webhook_url).toBe('http://y/');
      // A caller changing what it got changes nothing stored.
      const chat = (await store.getChat(pk))!;
      chat.last_message_id = 99;
      const member = (await store.getMember(pk, 10))!;
      member.status = 'left';
      const row = (await store.getBot(10))!;
      row.webhook_url = 'mutated';
      expect((await store.getPrivateChat(1, 10))?.last_message_id).toBe(reserved);
      expect((await store.getMember(pk, 10))?.status).toBe('member');
      expect((await store.getBot(10))?.webhook_url).toBe('http://y/');
    });
  });
}
