/** Sticker sets, stickers and supergroups' sticker sets on PostgreSQL (ports/stickers.ts). */
import type { PgSql } from '../pg-sql.js';
import { STICKERS_SQL as SQL } from '../../sql/stickers.js';
import type { StickerRow, StickerSetRow, StickersReader, StickersWriter } from '../../ports/stickers.js';

export class PgStickers implements StickersReader, StickersWriter {
  constructor(private readonly sql: PgSql) {}

  async getStickerSet(pk: number) {
    return (await this.sql.get(SQL.getStickerSet, pk)) as StickerSetRow | undefined;
  }
  async getStickerSetByName(nameKey: string) {
    return (await this.sql.get(SQL.getStickerSetByName, nameKey)) as StickerSetRow | undefined;
  }
  async listStickers(setPk: number) {
    return (await this.sql.all(SQL.listStickers, setPk)) as unknown as StickerRow[];
  }
  async getSticker(pk: number) {
    return (await this.sql.get(SQL.getSticker, pk)) as StickerRow | undefined;
  }
  async listStickersOfFile(filePk: number) {
    return (await this.sql.all(SQL.listStickersOfFile, filePk)) as unknown as StickerRow[];
  }
  async getStickerByCustomEmojiId(customEmojiId: string) {
    return (await this.sql.get(SQL.getStickerByCustomEmojiId, customEmojiId)) as StickerRow | undefined;
  }
  async getChatStickerSet(chatPk: number) {
    const row = await this.sql.get(SQL.getChatStickerSet, chatPk);
    return row ? Number(row.set_pk) : undefined;
  }
  async insertStickerSet(row: Omit<StickerSetRow, 'pk'>) {
    return (await this.sql.insert('sticker_sets', row, 'pk'))!;
  }
  async updateStickerSet(
    pk: number,
    patch: Partial<
      Pick<StickerSetRow, 'title' | 'thumbnail_file_pk' | 'thumbnail_format' | 'thumbnail_custom_emoji_id'>
    >,
  ) {
    await this.sql.update('sticker_sets', 'pk', pk, patch);
  }
  async deleteStickerSet(pk: number) {
    await this.sql.run(SQL.deleteStickersOfSet, pk);
    await this.sql.run(SQL.deleteChatStickerSetsOfSet, pk);
    await this.sql.run(SQL.deleteStickerSet, pk);
  }
  async insertSticker(row: Omit<StickerRow, 'pk'>) {
    return (await this.sql.insert('stickers', row, 'pk'))!;
  }
  async updateSticker(
    pk: number,
    patch: Partial<Pick<StickerRow, 'position' | 'emoji_list' | 'keywords' | 'mask_position'>>,
  ) {
    await this.sql.update('stickers', 'pk', pk, patch);
  }
  async deleteSticker(pk: number) {
    await this.sql.run(SQL.deleteSticker, pk);
  }
  async setChatStickerSet(chatPk: number, setPk: number | null) {
    if (setPk === null) {
      await this.sql.run(SQL.unsetChatStickerSet, chatPk);
      return;
    }
    await this.sql.run(SQL.setChatStickerSet, chatPk, setPk);
  }
}
