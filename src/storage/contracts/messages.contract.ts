/** The storage contract of messages, callback queries (ports/messages.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';
import { callbackQuery } from './fixtures.js';

export function messagesContract(open: () => Promise<Store>): void {
  describe('messages, callback queries (ports/messages.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('edits and deletes messages', async () => {
      await store.write(async (tx) =>
        tx.insertMessage({
          chat_pk: 3,
          message_id: 1,
          sender_id: 1,
          date: 5,
          edit_date: null,
          body: '{"text":"a"}',
        }),
      );
      await store.write(async (tx) => tx.updateMessage(3, 1, '{"text":"b"}', 9));
      expect(await store.getMessage(3, 1)).toMatchObject({ body: '{"text":"b"}', edit_date: 9 });
      await store.write(async (tx) => tx.deleteMessage(3, 1));
      expect(await store.getMessage(3, 1)).toBeUndefined();
    });

    it('lists a page of messages before or after an id (the messages around one)', async () => {
      await store.write(async (tx) => {
        for (const id of [1, 2, 3, 5, 6, 8, 9]) {
          await tx.insertMessage({
            chat_pk: 7,
            message_id: id,
            sender_id: 1,
            date: id,
            edit_date: null,
            body: '{}',
          });
        }
        await tx.insertMessage({
          chat_pk: 8,
          message_id: 4,
          sender_id: 1,
          date: 4,
          edit_date: null,
          body: '{}',
        });
      });
      const ids = async (opts: Parameters<Store['listMessages']>[1]) =>
        (await store.listMessages(7, opts)).map((row) => row.message_id);
      expect(await ids({ limit: 3 })).toEqual([6, 8, 9]);
      expect(await ids({ limit: 2, beforeId: 5 })).toEqual([2, 3]);
      expect(await ids({ limit: 9, beforeId: 5 })).toEqual([1, 2, 3]);
      expect(await ids({ limit: 3, afterId: 3, oldest: true })).toEqual([5, 6, 8]);
      expect(await ids({ limit: 9, afterId: 4, oldest: true })).toEqual([5, 6, 8, 9]);
      expect(await ids({ limit: 9, afterId: 2, beforeId: 8, oldest: true })).toEqual([3, 5, 6]);
      expect(await ids({ limit: 2, afterId: 2, beforeId: 9 })).toEqual([6, 8]);
      expect(await ids({ limit: 5, afterId: 9, oldest: true })).toEqual([]);
    });

    it('answers a callback query once', async () => {
      await store.write(async (tx) => tx.insertCallbackQuery(callbackQuery('42')));
      expect(await store.write(async (tx) => tx.answerCallbackQuery('42', '{"text":"ok"}', 11))).toBe(true);
      expect(await store.write(async (tx) => tx.answerCallbackQuery('42', '{"text":"again"}', 12))).toBe(
        false,
      );
      expect(await store.getCallbackQuery('42')).toMatchObject({ answer: '{"text":"ok"}', answered_at: 11 });
    });

    it("lists a user's reactions in a chat, most recently changed first", async () => {
      const react = (chatPk: number, messageId: number, userId: number, at: number) =>
        store.write(async (tx) =>
          tx.setMessageReaction({
            chat_pk: chatPk,
            message_id: messageId,
            user_id: userId,
            reaction: '[{"type":"emoji","emoji":"👍"}]',
            is_big: false,
            updated_at: at,
          }),
        );
      await react(3, 1, 7, 10);
      await react(3, 2, 7, 30);
      await react(3, 3, 7, 20);
      await react(3, 4, 7, 20);
      await react(3, 2, 8, 40);
      await react(4, 1, 7, 50);
      const list = await store.listUserReactions(3, 7, 10);
      expect(list.map((r) => [r.message_id, r.user_id, r.is_big])).toEqual([
        [2, 7, false],
        [4, 7, false],
        [3, 7, false],
        [1, 7, false],
      ]);
      expect((await store.listUserReactions(3, 7, 2)).map((r) => r.message_id)).toEqual([2, 4]);
      expect(await store.listUserReactions(3, 9, 10)).toEqual([]);
      // A page of messages at once: by message id, each message's oldest change first.
      const page = await store.listReactionsBetween(3, 2, 3);
      expect(page.map((r) => [r.message_id, r.user_id, r.is_big])).toEqual([
        [2, 7, false],
        [2, 8, false],
        [3, 7, false],
      ]);
      expect(await store.listReactionsBetween(3, 5, 9)).toEqual([]);
    });
  });
}
