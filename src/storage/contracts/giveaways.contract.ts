/** The storage contract of giveaways (ports/giveaways.ts) and giveaway boosts (ports/boosts.ts). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UniqueViolation, type Store } from '../store.js';
import type { GiveawayRow } from '../ports/giveaways.js';

function giveaway(id: string, messageId: number, due: number, extra: Partial<GiveawayRow> = {}): GiveawayRow {
  return {
    id,
    chat_pk: 9,
    creator_id: 1,
    message_id: messageId,
    started_at: 10,
    winners_selection_date: due,
    winner_count: 3,
    only_new_members: false,
    has_public_winners: true,
    prize_description: null,
    country_codes: '[]',
    prize_star_count: 600,
    premium_months: null,
    members_at_start: '[1,2]',
    completed_at: null,
    winners: null,
    ...extra,
  };
}

export function giveawaysContract(open: () => Promise<Store>): void {
  describe('giveaways (ports/giveaways.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores a giveaway per message, lists the due ones and completes each once', async () => {
      const first = giveaway('g1', 5, 100, {
        only_new_members: true,
        has_public_winners: false,
        prize_description: 'a mug',
        country_codes: '["DE"]',
        prize_star_count: null,
        premium_months: 3,
      });
      await store.write(async (tx) => {
        await tx.insertGiveaway(giveaway('g2', 7, 200));
        await tx.insertGiveaway(first);
        await tx.insertGiveaway(giveaway('g3', 8, 100));
      });
      await expect(
        store.write(async (tx) => tx.insertGiveaway(giveaway('g4', 5, 300))),
      ).rejects.toBeInstanceOf(UniqueViolation);
      expect(await store.getGiveaway(9, 5)).toEqual(first);
      expect(await store.getGiveaway(9, 6)).toBeUndefined();
      expect(await store.nextGiveawayDue()).toBe(100);
      expect((await store.listDueGiveaways(99, 10)).map((g) => g.id)).toEqual([]);
      expect((await store.listDueGiveaways(150, 10)).map((g) => g.id)).toEqual(['g1', 'g3']);
      expect((await store.listDueGiveaways(500, 2)).map((g) => g.id)).toEqual(['g1', 'g3']);

      const racing = await Promise.all([
        store.write(async (tx) => tx.completeGiveaway('g1', 101, [2])),
        store.write(async (tx) => tx.completeGiveaway('g1', 102, [1])),
      ]);
      expect(racing.filter(Boolean)).toHaveLength(1);
      expect(await store.write(async (tx) => tx.completeGiveaway('nope', 1, []))).toBe(false);
      const done = await store.getGiveaway(9, 5);
      expect(done?.completed_at).toBe(racing[0] ? 101 : 102);
      expect(JSON.parse(done!.winners!)).toEqual(racing[0] ? [2] : [1]);
      expect((await store.listDueGiveaways(500, 10)).map((g) => g.id)).toEqual(['g3', 'g2']);
      expect(await store.nextGiveawayDue()).toBe(100);
      await store.write(async (tx) => {
        await tx.completeGiveaway('g3', 103, []);
        await tx.completeGiveaway('g2', 203, [1, 2]);
      });
      expect(await store.nextGiveawayDue()).toBeUndefined();
    });

    it("keeps a giveaway boost's source and leaves it out of the user's own boost count", async () => {
      await store.write(async (tx) => {
        await tx.insertChatBoost({
          id: 'own',
          chat_pk: 9,
          user_id: 1,
          add_date: 10,
          expiration_date: 100,
          removed_at: null,
        });
        await tx.insertChatBoost({
          id: 'won',
          chat_pk: 9,
          user_id: 1,
          add_date: 11,
          expiration_date: 200,
          removed_at: null,
          giveaway_message_id: 5,
          giveaway_prize_star_count: 600,
        });
      });
      expect(await store.countActiveBoostsOfUser(1)).toBe(1);
      const won = await store.getChatBoost('won');
      expect(won?.giveaway_message_id).toBe(5);
      expect(won?.giveaway_prize_star_count).toBe(600);
      expect((await store.getChatBoost('own'))?.giveaway_message_id ?? null).toBeNull();
      expect((await store.listUserChatBoosts(9, 1)).map((b) => b.id)).toEqual(['own', 'won']);
    });
  });
}
