/** The storage contract of members' tags (ports/member-tags.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';

export function memberTagsContract(open: () => Promise<Store>): void {
  describe('member tags (ports/member-tags.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('sets, replaces and removes one tag per member of a chat', async () => {
      expect(await store.getMemberTag(1, 5)).toBeUndefined();
      await store.write(async (tx) => tx.setMemberTag(1, 5, 'designer'));
      await store.write(async (tx) => tx.setMemberTag(2, 5, 'other'));
      expect(await store.getMemberTag(1, 5)).toBe('designer');
      await store.write(async (tx) => tx.setMemberTag(1, 5, 'lead'));
      expect(await store.getMemberTag(1, 5)).toBe('lead');
      await store.write(async (tx) => tx.setMemberTag(1, 5, null));
      expect(await store.getMemberTag(1, 5)).toBeUndefined();
      expect(await store.getMemberTag(2, 5)).toBe('other');
    });
  });
}
