/**
 * The storage contract of gifts and paid media purchases (ports/gifts.ts, ports/paid-media.ts):
 * owned gifts listed newest first and only while owned, a transfer and a conversion by patch,
 * limited stock that never oversells (also when sales race), one purchase per buyer.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UniqueViolation, type Store } from '../store.js';
import type { OwnedGiftRow } from '../ports/gifts.js';

const RACERS = 30;

function gift(id: string, patch: Partial<OwnedGiftRow> = {}): OwnedGiftRow {
  return {
    id,
    owner_kind: 'user',
    owner_id: 20,
    gift_id: 'g1',
    kind: 'regular',
    sender_id: 10,
    send_date: 100,
    star_count: 15,
    status: 'owned',
    data: '{}',
    ...patch,
  };
}

export function giftsContract(open: () => Promise<Store>): void {
  describe('gifts and paid media (ports/gifts.ts, ports/paid-media.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('lists an owner’s gifts newest first, only while owned; patches move and convert them', async () => {
      await store.write(async (tx) => {
        await tx.insertOwnedGift(gift('a', { send_date: 100 }));
        await tx.insertOwnedGift(gift('b', { send_date: 200, sender_id: null }));
        await tx.insertOwnedGift(gift('c', { send_date: 100, owner_kind: 'chat', owner_id: 7 }));
        await tx.insertOwnedGift(gift('d', { send_date: 100 }));
      });
      expect((await store.listOwnedGifts('user', 20)).map((row) => row.id)).toEqual(['b', 'd', 'a']);
      expect(await store.getOwnedGift('b')).toEqual(gift('b', { send_date: 200, sender_id: null }));
      expect((await store.listOwnedGifts('chat', 7)).map((row) => row.id)).toEqual(['c']);
      await expect(store.write(async (tx) => tx.insertOwnedGift(gift('a')))).rejects.toBeInstanceOf(
        UniqueViolation,
      );

      await store.write(async (tx) => {
        await tx.updateOwnedGift('a', { status: 'converted' });
        await tx.updateOwnedGift('d', { owner_id: 21, kind: 'unique', data: '{"unique":{}}' });
      });
      expect((await store.listOwnedGifts('user', 20)).map((row) => row.id)).toEqual(['b']);
      expect(await store.listOwnedGifts('user', 21)).toEqual([
        gift('d', { owner_id: 21, kind: 'unique', data: '{"unique":{}}' }),
      ]);
      expect((await store.getOwnedGift('a'))?.status).toBe('converted');

      // A rolled-back write leaves nothing.
      await expect(
        store.write(async (tx) => {
          await tx.insertOwnedGift(gift('e'));
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(await store.getOwnedGift('e')).toBeUndefined();
    });

    it('counts sales, refusing one past the limit, per buyer and in all', async () => {
      expect(await store.getGiftSold('g1', 0)).toBe(0);
      expect(await store.write(async (tx) => tx.takeGiftStock('g1', 0, 2))).toBe(1);
      expect(await store.write(async (tx) => tx.takeGiftStock('g1', 0, 2))).toBe(2);
      expect(await store.write(async (tx) => tx.takeGiftStock('g1', 0, 2))).toBeUndefined();
      expect(await store.getGiftSold('g1', 0)).toBe(2);
      // Unlimited: always counted; a limit of 0 sells nothing.
      expect(await store.write(async (tx) => tx.takeGiftStock('g2', 0, null))).toBe(1);
      expect(await store.write(async (tx) => tx.takeGiftStock('g2', 0, null))).toBe(2);
      expect(await store.write(async (tx) => tx.takeGiftStock('g3', 0, 0))).toBeUndefined();
      expect(await store.write(async (tx) => tx.takeGiftStock('g1', 5, 1))).toBe(1);
      expect(await store.write(async (tx) => tx.takeGiftStock('g1', 5, 1))).toBeUndefined();
      expect(await store.getGiftSold('g1', 5)).toBe(1);
    });

    it('never sells more than the limit when sales race', async () => {
      const limit = 7;
      const results = await Promise.all(
        Array.from({ length: RACERS }, () => store.write(async (tx) => tx.takeGiftStock('race', 0, limit))),
      );
      expect(results.filter((sold) => sold !== undefined).sort((a, b) => a! - b!)).toEqual(
        Array.from({ length: limit }, (_, i) => i + 1),
      );
      expect(await store.getGiftSold('race', 0)).toBe(limit);
    });

    it('records a paid media purchase once per buyer', async () => {
      const row = { chat_pk: 3, message_id: 9, user_id: 20, charge_id: 'pm1', star_count: 5, date: 100 };
      expect(await store.getPaidMediaPurchase(3, 9, 20)).toBeUndefined();
      await store.write(async (tx) => tx.insertPaidMediaPurchase(row));
      expect(await store.getPaidMediaPurchase(3, 9, 20)).toEqual(row);
      expect(await store.getPaidMediaPurchase(3, 9, 21)).toBeUndefined();
      await expect(
        store.write(async (tx) => tx.insertPaidMediaPurchase({ ...row, charge_id: 'pm2' })),
      ).rejects.toBeInstanceOf(UniqueViolation);
    });
  });
}
