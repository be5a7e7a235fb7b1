/**
 * The storage contract of channel direct messages and suggested posts (ports/suggested-posts.ts):
 * one direct-messages chat per channel, the chat row's parent, one suggested post per message, a
 * change made only from the expected state and phase (so racing approvals act once), and the due
 * rows of the clock sweep.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UniqueViolation, type Store } from '../store.js';
import type { SuggestedPostRow } from '../ports/suggested-posts.js';

const RACERS = 20;

function post(messageId: number, patch: Partial<SuggestedPostRow> = {}): SuggestedPostRow {
  return {
    chat_pk: 7,
    message_id: messageId,
    channel_pk: 3,
    author_id: 20,
    state: 'pending',
    phase: null,
    currency: 'XTR',
    amount: 50,
    send_date: null,
    publish_at: null,
    approved_by: null,
    post_message_id: null,
    published_at: null,
    charge_id: null,
    due_at: null,
    ...patch,
  };
}

export function suggestedPostsContract(open: () => Promise<Store>): void {
  describe('suggested posts (ports/suggested-posts.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps one direct-messages chat per channel, and the chat row names its parent', async () => {
      const pk = await store.write(async (tx) => {
        const channel = await tx.insertChat({
          id: -1001000000001,
          type: 'channel',
          title: 'News',
          username: null,
          description: null,
          user_a: null,
          user_b: null,
          last_message_id: 0,
          created_at: 1,
        });
        const chat = await tx.insertChat({
          id: -1001000000002,
          type: 'supergroup',
          title: 'News',
          username: null,
          description: null,
          user_a: null,
          user_b: null,
          last_message_id: 0,
          created_at: 1,
          parent_pk: channel,
        });
        await tx.upsertDirectMessagesChat({ channel_pk: channel, chat_pk: chat, enabled: 1, updated_at: 5 });
        return { channel, chat };
      });
      expect((await store.getChat(pk.chat))?.parent_pk).toBe(pk.channel);
      expect((await store.getChatById(-1001000000002))?.parent_pk).toBe(pk.channel);
      expect((await store.getChat(pk.channel))?.parent_pk ?? null).toBeNull();
      expect(await store.getDirectMessagesChat(pk.channel)).toEqual({
        channel_pk: pk.channel,
        chat_pk: pk.chat,
        enabled: 1,
        updated_at: 5,
      });
      await store.write(async (tx) =>
        tx.upsertDirectMessagesChat({ channel_pk: pk.channel, chat_pk: pk.chat, enabled: 0, updated_at: 9 }),
      );
      expect(await store.getDirectMessagesChat(pk.channel)).toMatchObject({ enabled: 0, updated_at: 9 });
      expect(await store.getDirectMessagesChat(pk.chat)).toBeUndefined();
    });

    it('stores a suggested post once and changes it only from the expected state and phase', async () => {
      await store.write(async (tx) => tx.insertSuggestedPost(post(1)));
      expect(await store.getSuggestedPost(7, 1)).toEqual(post(1));
      await expect(store.write(async (tx) => tx.insertSuggestedPost(post(1)))).rejects.toBeInstanceOf(
        UniqueViolation,
      );
      const wrong = await store.write(async (tx) =>
        tx.updateSuggestedPost(7, 1, { state: 'approved', phase: null }, { state: 'declined' }),
      );
      expect(wrong).toBe(false);
      expect((await store.getSuggestedPost(7, 1))?.state).toBe('pending');

      const approve = {
        state: 'approved' as const,
        phase: 'scheduled' as const,
        charge_id: 'c1',
        due_at: 500,
      };
      expect(
        await store.write(async (tx) =>
          tx.updateSuggestedPost(7, 1, { state: 'pending', phase: null }, approve),
        ),
      ).toBe(true);
      expect(await store.getSuggestedPost(7, 1)).toEqual(post(1, approve));
      const published = { phase: 'published' as const, post_message_id: 12, published_at: 510, due_at: 900 };
      expect(
        await store.write(async (tx) =>
          tx.updateSuggestedPost(7, 1, { state: 'approved', phase: 'scheduled' }, published),
        ),
      ).toBe(true);
      expect(await store.getSuggestedPostByPost(3, 12)).toEqual(post(1, { ...approve, ...published }));
      expect(await store.getSuggestedPostByPost(3, 13)).toBeUndefined();
      expect(await store.getSuggestedPostByPost(4, 12)).toBeUndefined();
    });

    it('changes a post once when writes race to approve and decline it', async () => {
      await store.write(async (tx) => tx.insertSuggestedPost(post(2)));
      const outcomes = await Promise.all(
        Array.from({ length: RACERS }, (_, i) =>
          store.write(async (tx) =>
            tx.updateSuggestedPost(
              7,
              2,
              { state: 'pending', phase: null },
              i % 2 === 0
                ? { state: 'approved', phase: 'scheduled', charge_id: `c${i}` }
                : { state: 'declined' },
            ),
          ),
        ),
      );
      expect(outcomes.filter(Boolean)).toHaveLength(1);
    });

    it('lists the due posts earliest first and tells the next due time', async () => {
      expect(await store.nextSuggestedPostDue()).toBeUndefined();
      await store.write(async (tx) => {
        await tx.insertSuggestedPost(post(1, { due_at: 300 }));
        await tx.insertSuggestedPost(post(2, { due_at: 100 }));
        await tx.insertSuggestedPost(post(3));
        await tx.insertSuggestedPost(post(4, { due_at: 200 }));
      });
      expect(await store.nextSuggestedPostDue()).toBe(100);
      expect((await store.listDueSuggestedPosts(250, 10)).map((row) => row.message_id)).toEqual([2, 4]);
      expect((await store.listDueSuggestedPosts(1000, 2)).map((row) => row.message_id)).toEqual([2, 4]);
      await store.write(async (tx) =>
        tx.updateSuggestedPost(7, 2, { state: 'pending', phase: null }, { due_at: null }),
      );
      expect(await store.nextSuggestedPostDue()).toBe(200);
    });
  });
}
