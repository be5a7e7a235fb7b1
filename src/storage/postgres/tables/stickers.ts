/** Sticker sets, stickers and supergroups' sticker sets on PostgreSQL (ports/stickers.ts). */
import type { PgSql } from '../pg-sql.js';
import type { StickerRow, StickerSetRow, StickersReader, StickersWriter } from '../../ports/stickers.js';

export class PgStickers implements StickersReader, StickersWriter {
  constructor(private readonly sql: PgSql) {}

  async getStickerSet(pk: number) {
    return (await this.sql.get('SELECT * FROM sticker_sets WHERE pk = ?', pk)) as StickerSetRow | undefined;
  }
  async getStickerSetByName(nameKey: string) {
    return (await this.sql.get('SELECT * FROM sticker_sets WHERE name_key = ?', nameKey)) as
      StickerSetRow | undefined;
  }
  async listStickers(setPk: number) {
    return (await this.sql.all(
      'SELECT * FROM stickers WHERE set_pk = ? ORDER BY position, pk',
      setPk,
    )) as unknown as StickerRow[];
  }
  async getSticker(pk: number) {
    return (await this.sql.get('SELECT * FROM stickers WHERE pk = ?', pk)) as StickerRow | undefined;
  }
  async listStickersOfFile(filePk: number) {
    return (await this.sql.all(
      'SELECT * FROM stickers WHERE file_pk = ? ORDER BY pk DESC',
      filePk,
    )) as unknown as StickerRow[];
  }
  async getStickerByCustomEmojiId(customEmojiId: string) {
    return (await this.sql.get('SELECT * FROM stickers WHERE custom_emoji_id = ?', customEmojiId)) as
      StickerRow | undefined;
  }
  async getChatStickerSet(chatPk: number) {
    const row = await this.sql.get('SELECT set_pk FROM chat_sticker_sets WHERE chat_pk = ?', chatPk);
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
    await this.sql.run('DELETE FROM stickers WHERE set_pk = ?', pk);
    await this.sql.run('DELETE FROM chat_sticker_sets WHERE set_pk = ?', pk);
    await this.sql.run('DELETE FROM sticker_sets WHERE pk = ?', pk);
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
    await this.sql.run('DELETE FROM stickers WHERE pk = ?', pk);
  }
  async setChatStickerSet(chatPk: number, setPk: number | null) {
    if (setPk === null) {
      await this.sql.run('DELETE FROM chat_sticker_sets WHERE chat_pk = ?', chatPk);
      return;
    }
    await this.sql.run(
      `INSERT INTO chat_sticker_sets (chat_pk, set_pk) VALUES (?, ?)
       ON CONFLICT (chat_pk) DO UPDATE SET set_pk = excluded.set_pk`,
      chatPk,
      setPk,
    );
  }
}
