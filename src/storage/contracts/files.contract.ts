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
  });
}
