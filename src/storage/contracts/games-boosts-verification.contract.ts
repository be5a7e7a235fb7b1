/** The storage contracts of games, chat boosts and verification (ports/games.ts, boosts.ts, verification.ts). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UniqueViolation, type Store } from '../store.js';

export function gamesBoostsVerificationContract(open: () => Promise<Store>): void {
  describe('games, boosts and verification (ports/games.ts, boosts.ts, verification.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores games once per bot and short name, and orders a chat high-score table', async () => {
      const game = { bot_id: 7, short_name: 'tetris', title: 'Tetris', description: 'Blocks', created_at: 5 };
      await store.write(async (tx) => tx.insertGame(game));
      await expect(
        store.write(async (tx) => tx.insertGame({ ...game, title: 'Other' })),
      ).rejects.toBeInstanceOf(UniqueViolation);
      await store.write(async (tx) => tx.insertGame({ ...game, bot_id: 8 }));
      expect(await store.getGame(7, 'tetris')).toEqual(game);
      expect(await store.getGame(7, 'snake')).toBeUndefined();

      const score = (user_id: number, value: number, at: number, chat_pk = 3) => ({
        bot_id: 7,
        short_name: 'tetris',
        chat_pk,
        user_id,
        score: value,
        updated_at: at,
      });
      await store.write(async (tx) => {
        await tx.setGameScore(score(1, 50, 10));
        await tx.setGameScore(score(2, 70, 11));
        await tx.setGameScore(score(3, 50, 9));
        await tx.setGameScore(score(1, 90, 12, 4));
      });
      await store.write(async (tx) => tx.setGameScore(score(1, 20, 13)));
      expect(await store.getGameScore(7, 'tetris', 3, 1)).toEqual(score(1, 20, 13));
      expect((await store.listGameScores(7, 'tetris', 3)).map((r) => [r.user_id, r.score])).toEqual([
        [2, 70],
        [3, 50],
        [1, 20],
      ]);
      expect((await store.listGameScores(7, 'tetris', 4)).map((r) => r.user_id)).toEqual([1]);
      expect(await store.listGameScores(8, 'tetris', 3)).toEqual([]);
    });

    it('keeps boosts active until removed once, and finds the expired ones', async () => {
      const boost = (id: string, user_id: number, add_date: number, expiration_date: number) => ({
        id,
        chat_pk: 9,
        user_id,
        add_date,
        expiration_date,
        removed_at: null,
      });
      await store.write(async (tx) => {
        await tx.insertChatBoost(boost('b2', 1, 20, 200));
        await tx.insertChatBoost(boost('b1', 1, 10, 100));
        await tx.insertChatBoost(boost('b3', 2, 15, 150));
      });
      expect((await store.listUserChatBoosts(9, 1)).map((b) => b.id)).toEqual(['b1', 'b2']);
      expect(await store.countActiveBoostsOfUser(1)).toBe(2);
      expect(await store.nextChatBoostExpiry()).toBe(100);
      expect((await store.listExpiredChatBoosts(150, 10)).map((b) => b.id)).toEqual(['b1', 'b3']);
      expect((await store.listExpiredChatBoosts(150, 1)).map((b) => b.id)).toEqual(['b1']);

      const removals = await Promise.all([
        store.write(async (tx) => tx.removeChatBoost('b1', 100)),
        store.write(async (tx) => tx.removeChatBoost('b1', 101)),
      ]);
      expect(removals.filter(Boolean)).toHaveLength(1);
      expect(await store.write(async (tx) => tx.removeChatBoost('nope', 1))).toBe(false);
      expect((await store.getChatBoost('b1'))?.removed_at).toBe(100);
      expect((await store.listUserChatBoosts(9, 1)).map((b) => b.id)).toEqual(['b2']);
      expect(await store.countActiveBoostsOfUser(1)).toBe(1);
      expect(await store.nextChatBoostExpiry()).toBe(150);
      expect((await store.listExpiredChatBoosts(1000, 10)).map((b) => b.id)).toEqual(['b3', 'b2']);
    });

    it('keeps verifier bots and one verification per user or chat', async () => {
      expect(await store.getVerifier(5)).toBeUndefined();
      await store.write(async (tx) =>
        tx.setVerifier({ bot_id: 5, can_modify_custom_description: true, created_at: 1 }),
      );
      await store.write(async (tx) =>
        tx.setVerifier({ bot_id: 5, can_modify_custom_description: false, created_at: 2 }),
      );
      expect(await store.getVerifier(5)).toEqual({
        bot_id: 5,
        can_modify_custom_description: false,
        created_at: 1,
      });

      const row = {
        target_kind: 'user' as const,
        target_id: 42,
        bot_id: 5,
        custom_description: 'Staff',
        verified_at: 3,
      };
      await store.write(async (tx) => tx.setVerification(row));
      await store.write(async (tx) => tx.setVerification({ ...row, target_kind: 'chat', target_id: -100 }));
      await store.write(async (tx) =>
        tx.setVerification({ ...row, bot_id: 6, custom_description: null, verified_at: 4 }),
      );
      expect(await store.getVerification('user', 42)).toEqual({
        ...row,
        bot_id: 6,
        custom_description: null,
        verified_at: 4,
      });
      expect((await store.getVerification('chat', -100))?.bot_id).toBe(5);
      expect(await store.getVerification('chat', 42)).toBeUndefined();

      expect(await store.write(async (tx) => tx.deleteVerification('user', 42))).toBe(true);
      expect(await store.write(async (tx) => tx.deleteVerification('user', 42))).toBe(false);
      expect(await store.getVerification('user', 42)).toBeUndefined();
      expect(await store.write(async (tx) => tx.deleteVerifier(5))).toBe(true);
      expect(await store.write(async (tx) => tx.deleteVerifier(5))).toBe(false);
      expect(await store.getVerifier(5)).toBeUndefined();
    });
  });
}
