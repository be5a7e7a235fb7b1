/** The storage contract of banned sender chats (ports/sender-chats.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';

export function senderChatsContract(open: () => Promise<Store>): void {
  describe('banned sender chats (ports/sender-chats.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('bans once per chat, lists in ban order, and unbans', async () => {
      expect(await store.isSenderChatBanned(1, 7)).toBe(false);
      expect(await store.listBannedSenderChats(1)).toEqual([]);
      await store.write(async (tx) => tx.banSenderChat(1, 9, 100));
      await store.write(async (tx) => tx.banSenderChat(1, 7, 200));
      await store.write(async (tx) => tx.banSenderChat(2, 7, 150));
      // Banning again keeps the first ban and its time (the order does not change).
      await store.write(async (tx) => tx.banSenderChat(1, 9, 300));
      expect(await store.isSenderChatBanned(1, 7)).toBe(true);
      expect(await store.listBannedSenderChats(1)).toEqual([9, 7]);
      await store.write(async (tx) => tx.unbanSenderChat(1, 9));
      await store.write(async (tx) => tx.unbanSenderChat(1, 42));
      expect(await store.isSenderChatBanned(1, 9)).toBe(false);
      expect(await store.listBannedSenderChats(1)).toEqual([7]);
      expect(await store.listBannedSenderChats(2)).toEqual([7]);
    });

    it('keeps nothing of a ban whose write fails', async () => {
      await expect(
        store.write(async (tx) => {
          await tx.banSenderChat(3, 5, 100);
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      expect(await store.isSenderChatBanned(3, 5)).toBe(false);
    });
  });
}
