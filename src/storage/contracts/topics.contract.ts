/** The storage contract of forum topics (ports/topics.ts) and the chat's is_forum: what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UniqueViolation, type ForumTopicRow, type Store } from '../store.js';

const topic = (threadId: number, extra: Partial<ForumTopicRow> = {}): ForumTopicRow => ({
  chat_pk: 9,
  thread_id: threadId,
  name: `Topic ${threadId}`,
  icon_color: 7322096,
  icon_custom_emoji_id: null,
  creator_id: 11,
  is_closed: false,
  is_hidden: false,
  created_at: 1_700_000_000,
  ...extra,
});

export function topicsContract(open: () => Promise<Store>): void {
  describe('forum topics (ports/topics.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores topics, changes them, lists them by thread id and deletes them with their message list', async () => {
      await store.write(async (tx) => {
        await tx.insertForumTopic(topic(5, { icon_custom_emoji_id: '5312536423851630001' }));
        await tx.insertForumTopic(topic(1, { name: 'General' }));
        await tx.insertForumTopic(topic(2, { chat_pk: 10 }));
      });
      expect(await store.getForumTopic(9, 5)).toEqual(
        topic(5, { icon_custom_emoji_id: '5312536423851630001' }),
      );
      expect((await store.listForumTopics(9)).map((row) => row.thread_id)).toEqual([1, 5]);
      expect(await store.getForumTopic(9, 2)).toBeUndefined();

      await store.write(async (tx) => {
        await tx.updateForumTopic(9, 5, { name: 'Renamed', is_closed: true, icon_custom_emoji_id: null });
        await tx.updateForumTopic(9, 1, { is_hidden: true });
      });
      expect(await store.getForumTopic(9, 5)).toEqual(topic(5, { name: 'Renamed', is_closed: true }));
      expect((await store.getForumTopic(9, 1))?.is_hidden).toBe(true);

      await expect(store.write(async (tx) => tx.insertForumTopic(topic(5)))).rejects.toBeInstanceOf(
        UniqueViolation,
      );

      await store.write(async (tx) => {
        await tx.addTopicMessage(9, 5, 7);
        await tx.addTopicMessage(9, 5, 6);
        await tx.addTopicMessage(9, 5, 7);
        await tx.addTopicMessage(10, 2, 3);
      });
      expect(await store.listTopicMessages(9, 5)).toEqual([6, 7]);
      expect(await store.topicOfMessage(9, 7)).toBe(5);
      expect(await store.topicOfMessage(9, 8)).toBeUndefined();

      await store.write(async (tx) => tx.deleteForumTopic(9, 5));
      expect(await store.getForumTopic(9, 5)).toBeUndefined();
      expect(await store.listTopicMessages(9, 5)).toEqual([]);
      expect(await store.topicOfMessage(9, 7)).toBeUndefined();
      expect(await store.listTopicMessages(10, 2)).toEqual([3]);
    });

    it('keeps a chat is_forum flag, 0 until set', async () => {
      const pk = await store.write(async (tx) =>
        tx.insertChat({
          id: -1_004_242_424_242,
          type: 'supergroup',
          title: 'Forum',
          username: null,
          description: null,
          user_a: null,
          user_b: null,
          last_message_id: 0,
          created_at: 1,
        }),
      );
      expect((await store.getChat(pk))?.is_forum).toBe(0);
      await store.write(async (tx) => tx.updateChat(pk, { is_forum: 1 }));
      expect((await store.getChat(pk))?.is_forum).toBe(1);
      expect((await store.getChatById(-1_004_242_424_242))?.is_forum).toBe(1);
      await store.write(async (tx) => tx.updateChat(pk, { is_forum: 0 }));
      expect((await store.getChat(pk))?.is_forum).toBe(0);
    });

    it('rolls a topic back with its write', async () => {
      await expect(
        store.write(async (tx) => {
          await tx.insertForumTopic(topic(8));
          await tx.addTopicMessage(9, 8, 8);
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await store.getForumTopic(9, 8)).toBeUndefined();
      expect(await store.listTopicMessages(9, 8)).toEqual([]);
    });
  });
}
