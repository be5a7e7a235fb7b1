/** Sticker sets, stickers and supergroups' sticker sets on SQLite (ports/stickers.ts). */
import type { Row, SqlStatements } from '../sql-statements.js';
import { STICKERS_SQL as SQL } from '../../sql/stickers.js';
import type { StickerRow, StickerSetRow, StickersReader, StickersWriter } from '../../ports/stickers.js';

function setRow(row: Row | undefined): StickerSetRow | undefined {
  return row
    ? ({ ...row, needs_repainting: row.needs_repainting === 1 } as unknown as StickerSetRow)
    : undefined;
}

export class SqliteStickers implements StickersReader, StickersWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getStickerSet(pk: number) {
    return setRow(this.#sql.get(SQL.getStickerSet, pk));
  }
  async getStickerSetByName(nameKey: string) {
    return setRow(this.#sql.get(SQL.getStickerSetByName, nameKey));
  }
  async listStickers(setPk: number) {
    return this.#sql.all(SQL.listStickers, setPk) as unknown as StickerRow[];
  }
  async getSticker(pk: number) {
    return this.#sql.get(SQL.getSticker, pk) as StickerRow | undefined;
  }
  async listStickersOfFile(filePk: number) {
    return this.#sql.all(SQL.listStickersOfFile, filePk) as unknown as StickerRow[];
  }
  async getStickerByCustomEmojiId(customEmojiId: string) {
    return this.#sql.get(SQL.getStickerByCustomEmojiId, customEmojiId) as StickerRow | undefined;
  }
  async getChatStickerSet(chatPk: number) {
    const row = this.#sql.get(SQL.getChatStickerSet, chatPk);
    return row ? Number(row.set_pk) : undefined;
  }
  async insertStickerSet(row: Omit<StickerSetRow, 'pk'>) {
    return Number(this.#sql.insert('sticker_sets', row).lastInsertRowid);
  }
  async updateStickerSet(
    pk: number,
    patch: Partial<
      Pick<StickerSetRow, 'title' | 'thumbnail_file_pk' | 'thumbnail_format' | 'thumbnail_custom_emoji_id'>
    >,
  ) {
    this.#sql.update('sticker_sets', 'pk', pk, patch);
  }
  async deleteStickerSet(pk: number) {
    this.#sql.run(SQL.deleteStickersOfSet, pk);
    this.#sql.run(SQL.deleteChatStickerSetsOfSet, pk);
    this.#sql.run(SQL.deleteStickerSet, pk);
  }
  async insertSticker(row: Omit<StickerRow, 'pk'>) {
    return Number(this.#sql.insert('stickers', row).lastInsertRowid);
  }
  async updateSticker(
    pk: number,
    patch: Partial<Pick<StickerRow, 'position' | 'emoji_list' | 'keywords' | 'mask_position'>>,
  ) {
    this.#sql.update('stickers', 'pk', pk, patch);
  }
  async deleteSticker(pk: number) {
    this.#sql.run(SQL.deleteSticker, pk);
  }
  async setChatStickerSet(chatPk: number, setPk: number | null) {
    if (setPk === null) {
      this.#sql.run(SQL.unsetChatStickerSet, chatPk);
      return;
    }
    this.#sql.run(SQL.setChatStickerSet, chatPk, setPk);
  }
}
