/** The storage contract of Passport data and errors (ports/passport.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PassportElementRow, PassportErrorRow, Store } from '../store.js';

const element = (over: Partial<PassportElementRow>): PassportElementRow => ({
  bot_id: 500,
  user_id: 7,
  type: 'personal_details',
  hashes: '{"data_hash":"AAAA","element_hash":"BBBB"}',
  shared_at: 100,
  ...over,
});

const error = (over: Partial<PassportErrorRow>): PassportErrorRow => ({
  bot_id: 500,
  user_id: 7,
  type: 'personal_details',
  seq: 0,
  error: '{"source":"data"}',
  created_at: 100,
  ...over,
});

export function passportContract(open: () => Promise<Store>): void {
  describe('Passport data and errors (ports/passport.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('keeps the newest share per (bot, user, type)', async () => {
      await store.write(async (tx) => {
        await tx.putPassportElement(element({}));
        await tx.putPassportElement(element({ type: 'email', hashes: '{"element_hash":"CCCC"}' }));
        await tx.putPassportElement(element({ bot_id: 600 }));
        await tx.putPassportElement(element({ user_id: 8 }));
      });
      await store.write(async (tx) =>
        tx.putPassportElement(
          element({ hashes: '{"data_hash":"DDDD","element_hash":"EEEE"}', shared_at: 150 }),
        ),
      );
      const listed = await store.listPassportElements(500, 7);
      expect(listed).toEqual([
        element({ type: 'email', hashes: '{"element_hash":"CCCC"}' }),
        element({ hashes: '{"data_hash":"DDDD","element_hash":"EEEE"}', shared_at: 150 }),
      ]);
      expect(await store.listPassportElements(500, 9)).toEqual([]);
    });

    it('replaces the errors of the named types only and lists them by seq; a failed write keeps them', async () => {
      await store.write(async (tx) =>
        tx.replacePassportErrors(
          500,
          7,
          ['personal_details', 'passport'],
          [
            error({ seq: 2, error: '{"n":3}' }),
            error({ seq: 0, error: '{"n":1}' }),
            error({ type: 'passport', seq: 1, error: '{"n":2}' }),
          ],
        ),
      );
      await store.write(async (tx) =>
        tx.replacePassportErrors(600, 7, ['passport'], [error({ bot_id: 600 })]),
      );
      await store.write(async (tx) =>
        tx.replacePassportErrors(
          500,
          7,
          ['passport'],
          [error({ type: 'passport', seq: 3, error: '{"n":4}', created_at: 120 })],
        ),
      );
      const errors = async () => (await store.listPassportErrors(500, 7)).map((row) => row.error);
      expect(await errors()).toEqual(['{"n":1}', '{"n":3}', '{"n":4}']);
      expect((await store.listPassportErrors(500, 7))[2]).toEqual(
        error({ type: 'passport', seq: 3, error: '{"n":4}', created_at: 120 }),
      );

      await expect(
        store.write(async (tx) => {
          await tx.deletePassportErrors(500, 7, ['personal_details']);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await errors()).toHaveLength(3);
      expect(
        await store.write(async (tx) => tx.deletePassportErrors(500, 7, ['personal_details', 'email'])),
      ).toBe(2);
      expect(await errors()).toEqual(['{"n":4}']);
      expect(await store.listPassportErrors(600, 7)).toHaveLength(1);
    });
  });
}
