/** The storage contract of what a world file reads (ports/world-views.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatRow, Store } from '../store.js';

const group = (id: number): Omit<ChatRow, 'pk'> => ({
  id,
  type: 'group',
  title: `g${id}`,
  username: null,
  description: null,
  user_a: null,
  user_b: null,
  last_message_id: 0,
  created_at: 1,
});

export function worldViewsContract(open: () => Promise<Store>): void {
  describe('world views (ports/world-views.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('lists chats after a pk, in pk order, at most limit', async () => {
      const pks = await store.write(async (tx) => {
        const out: number[] = [];
        for (const id of [-11, -12, -13, -14]) out.push(await tx.insertChat(group(id)));
        return out;
      });
      expect((await store.listChatsAfter(0, 10)).map((c) => c.id)).toEqual([-11, -12, -13, -14]);
      expect((await store.listChatsAfter(pks[0]!, 2)).map((c) => c.pk)).toEqual([pks[1], pks[2]]);
      expect(await store.listChatsAfter(pks[3]!, 10)).toEqual([]);
    });

    it('lists the settings under a prefix, case-sensitively, and no others', async () => {
      await store.write(async (tx) => {
        await tx.setSetting('bot:1:name:', 'One');
        await tx.setSetting('bot:1:commands:default:en', '[]');
        await tx.setSetting('bot:12:name:', 'Twelve');
        await tx.setSetting('BOT:1:name:', 'upper');
        await tx.setSetting('bot:1', 'short');
      });
      const found = await store.listSettingsWithPrefix('bot:1:');
      expect(found.map((s) => s.key).sort()).toEqual(['bot:1:commands:default:en', 'bot:1:name:']);
      expect(found.find((s) => s.key === 'bot:1:name:')?.value).toBe('One');
      expect(await store.listSettingsWithPrefix('nothing:')).toEqual([]);
    });
  });
}
