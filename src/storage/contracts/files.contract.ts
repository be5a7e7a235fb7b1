/** The storage contract of files (ports/files.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../store.js';

export function filesContract(open: () => Promise<Store>): void {
  describe('files (ports/files.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores files and per-bot references', async () => {
      const pk = await store.write(async (tx) =>
        tx.insertFile({
          unique_id: 'AQADuniq',
          kind: 'photo',
          size: 3,
          mime_type: 'image/jpeg',
          file_name: null,
          storage_path: 'ab/cd',
          width: 1,
          height: 1,
          sha256: 'x',
          created_at: 1,
        }),
      );
      await store.write(async (tx) =>
        tx.insertFileRef({ file_id: 'F1', file_pk: pk, bot_id: 9, file_path: 'photos/file_0.jpg' }),
      );
      expect((await store.getFileRef('F1'))?.file_pk).toBe(pk);
      expect((await store.getFileRefByPath(9, 'photos/file_0.jpg'))?.file_id).toBe('F1');
      expect((await store.getFileRefForBot(9, pk))?.file_id).toBe('F1');
      expect((await store.getFileByUniqueId('AQADuniq'))?.pk).toBe(pk);
    });

    it('records the files derived from a source, in order, and finds a source by any of them', async () => {
      expect(await store.getDerivedFiles('sha:a', 'photo')).toEqual([]);
      await store.write(async (tx) => tx.setDerivedFiles('sha:a', 'photo', [7, 5, 9]));
      await store.write(async (tx) => tx.setDerivedFiles('sha:b', 'photo', [7, 5, 9]));
      await store.write(async (tx) => tx.setDerivedFiles('sha:a', 'thumbnail', [11]));
      expect(await store.getDerivedFiles('sha:a', 'photo')).toEqual([7, 5, 9]);
      expect(await store.getDerivedFiles('sha:a', 'thumbnail')).toEqual([11]);
      expect(await store.getDerivedSource(5, 'photo')).toBe('sha:a');
      expect(await store.getDerivedSource(5, 'thumbnail')).toBeUndefined();
      // A set made again replaces the old one whole, also when it is shorter.
      await store.write(async (tx) => tx.setDerivedFiles('sha:a', 'photo', [9]));
      expect(await store.getDerivedFiles('sha:a', 'photo')).toEqual([9]);
      expect(await store.getDerivedSource(7, 'photo')).toBe('sha:b');
    });
  });
}
