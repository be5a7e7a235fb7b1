/**
 * The storage contract of business accounts, stories and managed bots (ports/business.ts,
 * stories.ts, managed-bots.ts): what every adapter must do.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';

export function businessContract(open: () => Promise<Store>): void {
  describe('business accounts, stories, managed bots (ports/business.ts, stories.ts, managed-bots.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps connections by id and by (user, bot), enabled or not', async () => {
      const row = {
        id: 'conn-1',
        user_id: 10,
        bot_id: 20,
        rights: '{"can_reply":true}',
        is_enabled: true,
        date: 5,
      };
      await store.write(async (tx) => tx.saveBusinessConnection(row));
      expect(await store.getBusinessConnection('conn-1')).toEqual(row);
      expect(await store.getBusinessConnectionOf(10, 20)).toEqual(row);
      expect(await store.getEnabledBusinessConnectionOf(10)).toEqual(row);
      expect(await store.getBusinessConnection('nope')).toBeUndefined();

      await store.write(async (tx) =>
        tx.saveBusinessConnection({ ...row, is_enabled: false, rights: '{}', date: 9 }),
      );
      expect(await store.getBusinessConnection('conn-1')).toEqual({
        ...row,
        is_enabled: false,
        rights: '{}',
        date: 9,
      });
      expect(await store.getEnabledBusinessConnectionOf(10)).toBeUndefined();
      // (user, bot) is unique.
      await expect(
        store.write(async (tx) => tx.saveBusinessConnection({ ...row, id: 'conn-2' })),
      ).rejects.toThrow();
      // A failed write keeps nothing.
      await expect(
        store.write(async (tx) => {
          await tx.saveBusinessConnection({ ...row, id: 'conn-3', user_id: 11 });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(await store.getBusinessConnection('conn-3')).toBeUndefined();
    });

    it('keeps the business chats of a connection by their latest incoming message', async () => {
      expect(await store.getBusinessChatIncomingAt('c', 1)).toBeUndefined();
      await store.write(async (tx) => tx.touchBusinessChat('c', 1, 100));
      await store.write(async (tx) => tx.touchBusinessChat('c', 2, 200));
      await store.write(async (tx) => tx.touchBusinessChat('d', 3, 300));
      expect(await store.listBusinessChats('c')).toEqual([2, 1]);
      await store.write(async (tx) => tx.touchBusinessChat('c', 1, 400));
      await store.write(async (tx) => tx.touchBusinessChat('c', 1, 50));
      expect(await store.getBusinessChatIncomingAt('c', 1)).toBe(400);
      expect(await store.listBusinessChats('c')).toEqual([1, 2]);
    });

    it('writes a business profile whole', async () => {
      expect(await store.getBusinessProfile(10)).toBeUndefined();
      const profile = {
        user_id: 10,
        bio: 'Open 9-5',
        photo_file_pk: 3,
        public_photo_file_pk: null,
        gift_settings: null,
      };
      await store.write(async (tx) => tx.setBusinessProfile(profile));
      expect(await store.getBusinessProfile(10)).toEqual(profile);
      await store.write(async (tx) => tx.setBusinessProfile({ ...profile, bio: null, photo_file_pk: null }));
      expect(await store.getBusinessProfile(10)).toEqual({ ...profile, bio: null, photo_file_pk: null });
    });

    it('numbers stories per owner, never twice, and lists the active ones newest first', async () => {
      const base = {
        owner_id: 10,
        poster_bot_id: 20,
        body: '{}',
        posted_at: 100,
        post_to_chat_page: false,
        deleted: false,
      };
      const first = await store.write(async (tx) => tx.insertStory({ ...base, expires_at: 200 }));
      const second = await store.write(async (tx) => tx.insertStory({ ...base, expires_at: 300 }));
      const other = await store.write(async (tx) =>
        tx.insertStory({ ...base, owner_id: 11, expires_at: 300 }),
      );
      expect([first, second, other]).toEqual([1, 2, 1]);
      expect((await store.listActiveStories(10, 150)).map((s) => s.story_id)).toEqual([2, 1]);
      expect((await store.listActiveStories(10, 250)).map((s) => s.story_id)).toEqual([2]);
      await store.write(async (tx) => tx.updateStory(10, 2, { deleted: true }));
      expect(await store.listActiveStories(10, 250)).toEqual([]);
      expect((await store.getStory(10, 2))?.deleted).toBe(true);
      // A deleted story's id is not given again.
      expect(await store.write(async (tx) => tx.insertStory({ ...base, expires_at: 300 }))).toBe(3);
      await store.write(async (tx) => tx.updateStory(10, 3, { body: '{"caption":"x"}' }));
      expect(await store.getStory(10, 3)).toEqual({
        ...base,
        story_id: 3,
        expires_at: 300,
        body: '{"caption":"x"}',
      });
      // A field the patch names but leaves undefined keeps its value; the other is set.
      await store.write(async (tx) => tx.updateStory(10, 3, { body: undefined, deleted: true }));
      expect(await store.getStory(10, 3)).toMatchObject({ body: '{"caption":"x"}', deleted: true });
      // Kept on the chat page: listed after it expires.
      await store.write(async (tx) => tx.insertStory({ ...base, expires_at: 120, post_to_chat_page: true }));
      expect((await store.listActiveStories(10, 1000)).map((s) => s.story_id)).toEqual([4]);
    });

    it('keeps managed bots and their access settings', async () => {
      const row = {
        bot_id: 30,
        owner_id: 10,
        manager_id: 20,
        access_restricted: false,
        added_user_ids: '[]',
        created_at: 7,
      };
      await store.write(async (tx) => tx.insertManagedBot(row));
      expect(await store.getManagedBot(30)).toEqual(row);
      await store.write(async (tx) =>
        tx.updateManagedBot(30, { access_restricted: true, added_user_ids: '[11]' }),
      );
      expect(await store.getManagedBot(30)).toEqual({
        ...row,
        access_restricted: true,
        added_user_ids: '[11]',
      });
      expect(await store.getManagedBot(31)).toBeUndefined();
      await expect(store.write(async (tx) => tx.insertManagedBot(row))).rejects.toThrow();
    });
  });
}
