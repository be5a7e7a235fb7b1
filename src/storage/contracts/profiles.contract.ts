/** The storage contract of profiles (ports/profiles.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';

export function profilesContract(open: () => Promise<Store>): void {
  describe('profiles (ports/profiles.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('numbers profile media per user and kind and lists the newest first', async () => {
      const add = (userId: number, kind: 'photo' | 'audio', filePk: number) =>
        store.write(async (tx) =>
          tx.addProfileMedia({
            user_id: userId,
            kind,
            file_pk: filePk,
            attributes: kind === 'audio' ? '{"duration":3}' : null,
            added_at: 10,
          }),
        );
      expect(await add(1, 'audio', 11)).toBe(1);
      expect(await add(1, 'audio', 12)).toBe(2);
      expect(await add(1, 'photo', 13)).toBe(1);
      expect(await add(2, 'audio', 14)).toBe(1);
      const audios = await store.listProfileMedia(1, 'audio');
      expect(audios.map((row) => [row.seq, row.file_pk])).toEqual([
        [2, 12],
        [1, 11],
      ]);
      expect(audios[0]).toEqual({
        user_id: 1,
        kind: 'audio',
        seq: 2,
        file_pk: 12,
        attributes: '{"duration":3}',
        added_at: 10,
      });
      expect(await store.write(async (tx) => tx.deleteProfileMedia(1, 'audio', 2))).toBe(1);
      expect(await store.write(async (tx) => tx.deleteProfileMedia(1, 'audio', 2))).toBe(0);
      expect((await store.listProfileMedia(1, 'audio')).map((row) => row.seq)).toEqual([1]);
      expect(await store.write(async (tx) => tx.deleteProfileMedia(1, 'photo'))).toBe(1);
      expect(await store.listProfileMedia(1, 'photo')).toEqual([]);
      expect(await store.listProfileMedia(2, 'audio')).toHaveLength(1);
    });

    it("keeps a person's emoji status, created on first write", async () => {
      expect(await store.getUserProfile(5)).toBeUndefined();
      await store.write(async (tx) =>
        tx.updateUserProfile(5, { emoji_status_custom_emoji_id: '5368324170671202286' }),
      );
      expect(await store.getUserProfile(5)).toEqual({
        user_id: 5,
        emoji_status_custom_emoji_id: '5368324170671202286',
        emoji_status_expiration_date: null,
        personal_chat_pk: null,
      });
      await store.write(async (tx) => tx.updateUserProfile(5, { emoji_status_expiration_date: 2000 }));
      expect((await store.getUserProfile(5))?.emoji_status_custom_emoji_id).toBe('5368324170671202286');
      await store.write(async (tx) =>
        tx.updateUserProfile(5, { emoji_status_custom_emoji_id: null, emoji_status_expiration_date: null }),
      );
      expect(await store.getUserProfile(5)).toEqual({
        user_id: 5,
        emoji_status_custom_emoji_id: null,
        emoji_status_expiration_date: null,
        personal_chat_pk: null,
      });
    });

    it("keeps a person's personal channel beside the emoji status", async () => {
      await store.write(async (tx) => tx.updateUserProfile(6, { emoji_status_custom_emoji_id: '9' }));
      await store.write(async (tx) => tx.updateUserProfile(6, { personal_chat_pk: 44 }));
      expect(await store.getUserProfile(6)).toMatchObject({
        emoji_status_custom_emoji_id: '9',
        personal_chat_pk: 44,
      });
      await store.write(async (tx) => tx.updateUserProfile(6, { personal_chat_pk: null }));
      expect((await store.getUserProfile(6))?.personal_chat_pk).toBeNull();
    });

    it('grants and withdraws emoji status access per (user, bot)', async () => {
      expect(await store.hasEmojiStatusAccess(5, 9)).toBe(false);
      await store.write(async (tx) => tx.setEmojiStatusAccess(5, 9, true, 1));
      await store.write(async (tx) => tx.setEmojiStatusAccess(5, 9, true, 2));
      expect(await store.hasEmojiStatusAccess(5, 9)).toBe(true);
      expect(await store.hasEmojiStatusAccess(5, 8)).toBe(false);
      expect(await store.hasEmojiStatusAccess(6, 9)).toBe(false);
      await store.write(async (tx) => tx.setEmojiStatusAccess(5, 9, false, 3));
      expect(await store.hasEmojiStatusAccess(5, 9)).toBe(false);
    });
  });
}
