/** The storage contract of settings (ports/settings.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';

export function settingsContract(open: () => Promise<Store>): void {
  describe('settings (ports/settings.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps settings', async () => {
      await store.write(async (tx) => tx.setSetting('clock.offset_ms', '5'));
      await store.write(async (tx) => tx.setSetting('clock.offset_ms', '6'));
      expect(await store.getSetting('clock.offset_ms')).toBe('6');
    });

    it('adds to a whole-number setting atomically, every concurrent add counted', async () => {
      expect(await store.write(async (tx) => tx.addToSetting('counter', 5))).toBe(5);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => store.write(async (tx) => tx.addToSetting('counter', 1000))),
      );
      expect(new Set(answers).size).toBe(20);
      expect(Math.max(...answers)).toBe(20_005);
      expect(await store.getSetting('counter')).toBe('20005');
      // A failed write adds nothing.
      await expect(
        store.write(async (tx) => {
          await tx.addToSetting('counter', 1);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await store.getSetting('counter')).toBe('20005');
    });

    it('opens with a random key for file_ids and no file_ids from before it (ADR 0040)', async () => {
      const key = await store.getSetting('files.id_key');
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(await store.getSetting('files.legacy_refs')).toBe('0');
      const other = await open();
      try {
        expect(await other.getSetting('files.id_key')).not.toBe(key);
      } finally {
        await other.close();
      }
    });
  });
}
