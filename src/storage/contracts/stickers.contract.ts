/** The storage contract of sticker sets (ports/stickers.ts): what every adapter must do. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UniqueViolation, type Store } from '../store.js';
import type { StickerRow, StickerSetRow } from '../ports/stickers.js';

const SET: Omit<StickerSetRow, 'pk'> = {
  name: 'Cats_by_TestBot',
  name_key: 'cats_by_testbot',
  title: 'Cats',
  sticker_type: 'custom_emoji',
  needs_repainting: true,
  owner_id: 7,
  bot_id: 100,
  thumbnail_file_pk: null,
  thumbnail_format: null,
  thumbnail_custom_emoji_id: null,
  created_at: 5,
};

const sticker = (setPk: number, filePk: number, position: number, emojiId: string | null) =>
  ({
    set_pk: setPk,
    file_pk: filePk,
    position,
    format: 'static',
    emoji_list: '["🐱"]',
    keywords: '[]',
    mask_position: null,
    custom_emoji_id: emojiId,
    created_at: 6,
  }) satisfies Omit<StickerRow, 'pk'>;

export function stickersContract(open: () => Promise<Store>): void {
  describe('stickers (ports/stickers.ts)', () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => {
      await store.close();
    });

    it('stores a set and its stickers in order, changes them, and refuses a second set of a name', async () => {
      const setPk = await store.write((tx) => tx.insertStickerSet(SET));
      expect(await store.getStickerSet(setPk)).toEqual({ pk: setPk, ...SET });
      expect((await store.getStickerSetByName('cats_by_testbot'))?.pk).toBe(setPk);
      await expect(
        store.write((tx) => tx.insertStickerSet({ ...SET, name: 'CATS_by_testbot' })),
      ).rejects.toBeInstanceOf(UniqueViolation);

      const [a, b] = await store.write(async (tx) => [
        await tx.insertSticker(sticker(setPk, 11, 1, '5000000000000000001')),
        await tx.insertSticker(sticker(setPk, 12, 0, '5000000000000000002')),
      ]);
      expect((await store.listStickers(setPk)).map((s) => s.pk)).toEqual([b, a]);
      await expect(store.write((tx) => tx.insertSticker(sticker(setPk, 11, 2, null)))).rejects.toBeInstanceOf(
        UniqueViolation,
      );
      expect((await store.getStickerByCustomEmojiId('5000000000000000001'))?.pk).toBe(a);
      expect((await store.listStickersOfFile(12)).map((s) => s.pk)).toEqual([b]);

      await store.write(async (tx) => {
        await tx.updateSticker(a!, { position: 0, keywords: '["cat"]', mask_position: '{"point":"eyes"}' });
        await tx.updateSticker(b!, { position: 1 });
        await tx.updateStickerSet(setPk, {
          title: 'Kittens',
          thumbnail_custom_emoji_id: '5000000000000000002',
        });
      });
      expect((await store.listStickers(setPk)).map((s) => s.pk)).toEqual([a, b]);
      expect(await store.getSticker(a!)).toMatchObject({
        keywords: '["cat"]',
        mask_position: '{"point":"eyes"}',
      });
      expect(await store.getStickerSet(setPk)).toMatchObject({
        title: 'Kittens',
        thumbnail_custom_emoji_id: '5000000000000000002',
      });

      await store.write((tx) => tx.deleteSticker(b!));
      expect((await store.listStickers(setPk)).map((s) => s.pk)).toEqual([a]);
      expect(await store.getStickerByCustomEmojiId('5000000000000000002')).toBeUndefined();
    });

    it("keeps a supergroup's sticker set, replaces it, and drops it with the set", async () => {
      const [one, two] = await store.write(async (tx) => [
        await tx.insertStickerSet(SET),
        await tx.insertStickerSet({ ...SET, name: 'dogs_by_testbot', name_key: 'dogs_by_testbot' }),
      ]);
      expect(await store.getChatStickerSet(40)).toBeUndefined();
      await store.write((tx) => tx.setChatStickerSet(40, one!));
      await store.write((tx) => tx.setChatStickerSet(40, two!));
      expect(await store.getChatStickerSet(40)).toBe(two);
      await store.write((tx) => tx.setChatStickerSet(40, null));
      expect(await store.getChatStickerSet(40)).toBeUndefined();

      await store.write(async (tx) => {
        await tx.setChatStickerSet(41, one!);
        await tx.insertSticker(sticker(one!, 11, 0, null));
      });
      await store.write((tx) => tx.deleteStickerSet(one!));
      expect(await store.getStickerSet(one!)).toBeUndefined();
      expect(await store.listStickers(one!)).toEqual([]);
      expect(await store.getChatStickerSet(41)).toBeUndefined();
      expect((await store.getStickerSet(two!))?.name).toBe('dogs_by_testbot');
    });
  });
}
