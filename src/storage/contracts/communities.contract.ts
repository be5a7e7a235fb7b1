/** The storage contract of communities (ports/communities.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UniqueViolation, type Store } from '../store.js';

// Ids beyond 32 bits, as the spec allows (up to 52): an adapter must keep them whole.
const BIG = 2 ** 52 - 7;
const OTHER = 2 ** 40 + 3;

export function communitiesContract(open: () => Promise<Store>): void {
  describe('communities (ports/communities.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps a community under its 52-bit id and lists an owner’s in the order made', async () => {
      await store.write(async (tx) =>
        tx.insertCommunity({ id: BIG, name: 'Big', owner_id: 9, created_at: 200 }),
      );
      await store.write(async (tx) =>
        tx.insertCommunity({ id: OTHER, name: 'Other', owner_id: 9, created_at: 100 }),
      );
      expect(await store.getCommunity(BIG)).toEqual({ id: BIG, name: 'Big', owner_id: 9, created_at: 200 });
      expect(await store.getCommunity(1)).toBeUndefined();
      expect((await store.listCommunitiesOwnedBy(9)).map((row) => row.id)).toEqual([OTHER, BIG]);
      expect(await store.listCommunitiesOwnedBy(10)).toEqual([]);
      await expect(
        store.write(async (tx) =>
          tx.insertCommunity({ id: BIG, name: 'Again', owner_id: 1, created_at: 300 }),
        ),
      ).rejects.toBeInstanceOf(UniqueViolation);
      expect((await store.getCommunity(BIG))?.name).toBe('Big');
    });

    it('holds a chat in one community at most, lists chats in the order added, and removes', async () => {
      await store.write(async (tx) => {
        await tx.insertCommunity({ id: BIG, name: 'Big', owner_id: 9, created_at: 100 });
        await tx.insertCommunity({ id: OTHER, name: 'Other', owner_id: 9, created_at: 100 });
        await tx.addCommunityChat(BIG, 12, 300);
        await tx.addCommunityChat(BIG, 11, 200);
      });
      expect(await store.listCommunityChats(BIG)).toEqual([11, 12]);
      expect((await store.getCommunityOfChat(12))?.id).toBe(BIG);
      expect(await store.getCommunityOfChat(13)).toBeUndefined();
      // A second community for a chat is refused, as is the same one again.
      await expect(store.write(async (tx) => tx.addCommunityChat(OTHER, 12, 400))).rejects.toBeInstanceOf(
        UniqueViolation,
      );
      await expect(store.write(async (tx) => tx.addCommunityChat(BIG, 12, 400))).rejects.toBeInstanceOf(
        UniqueViolation,
      );
      expect((await store.getCommunityOfChat(12))?.id).toBe(BIG);
      expect(await store.listCommunityChats(OTHER)).toEqual([]);

      // Removing from the wrong community leaves the chat where it is.
      expect(await store.write(async (tx) => tx.removeCommunityChat(OTHER, 12))).toBe(false);
      expect(await store.write(async (tx) => tx.removeCommunityChat(BIG, 12))).toBe(true);
      expect(await store.write(async (tx) => tx.removeCommunityChat(BIG, 12))).toBe(false);
      expect(await store.getCommunityOfChat(12)).toBeUndefined();
      expect(await store.listCommunityChats(BIG)).toEqual([11]);
      await store.write(async (tx) => tx.addCommunityChat(OTHER, 12, 500));
      expect((await store.getCommunityOfChat(12))?.name).toBe('Other');
    });

    it('keeps nothing of a write that fails', async () => {
      await expect(
        store.write(async (tx) => {
          await tx.insertCommunity({ id: 77, name: 'Gone', owner_id: 9, created_at: 100 });
          await tx.addCommunityChat(77, 5, 100);
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await store.getCommunity(77)).toBeUndefined();
      expect(await store.getCommunityOfChat(5)).toBeUndefined();
    });
  });
}
