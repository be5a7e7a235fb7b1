/** The storage contract of message drafts (ports/drafts.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DraftRow, Store } from '../store.js';

const draft = (over: Partial<DraftRow>): DraftRow => ({
  chat_pk: 1,
  draft_id: 1,
  bot_id: 500,
  thread_id: 0,
  body: '{"text":"Thinking"}',
  updated_at: 100,
  ...over,
});

export function draftsContract(open: () => Promise<Store>): void {
  describe('message drafts (ports/drafts.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('replaces a draft by (chat, draft_id) and lists the recent ones, least recently changed first', async () => {
      await store.write(async (tx) => {
        await tx.putDraft(draft({ draft_id: 7, updated_at: 100 }));
        await tx.putDraft(draft({ draft_id: 3, updated_at: 100 }));
        await tx.putDraft(draft({ draft_id: 9, updated_at: 50 }));
        await tx.putDraft(draft({ chat_pk: 2, draft_id: 7, updated_at: 100 }));
      });
      await store.write(async (tx) =>
        tx.putDraft(draft({ draft_id: 7, body: '{"text":"Thinking more"}', updated_at: 101 })),
      );
      const listed = await store.listDrafts(1, 60);
      expect(listed.map((row) => [row.draft_id, row.updated_at])).toEqual([
        [3, 100],
        [7, 101],
      ]);
      expect(listed[1]).toEqual(draft({ draft_id: 7, body: '{"text":"Thinking more"}', updated_at: 101 }));
      expect((await store.listDrafts(1, 0)).map((row) => row.draft_id)).toEqual([9, 3, 7]);
    });

    it("deletes one bot's drafts in one chat, and a failed write keeps them", async () => {
      await store.write(async (tx) => {
        await tx.putDraft(draft({ draft_id: 1 }));
        await tx.putDraft(draft({ draft_id: 2 }));
        await tx.putDraft(draft({ draft_id: 3, bot_id: 600 }));
        await tx.putDraft(draft({ chat_pk: 2, draft_id: 1 }));
      });
      await expect(
        store.write(async (tx) => {
          await tx.deleteDrafts(1, 500);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await store.listDrafts(1, 0)).toHaveLength(3);
      expect(await store.write(async (tx) => tx.deleteDrafts(1, 500))).toBe(2);
      expect((await store.listDrafts(1, 0)).map((row) => row.bot_id)).toEqual([600]);
      expect(await store.listDrafts(2, 0)).toHaveLength(1);
    });
  });
}
