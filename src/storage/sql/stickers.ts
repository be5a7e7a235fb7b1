/**
 * Sticker sets', stickers' and supergroups' sticker sets' statements (ports/stickers.ts), one text
 * for both adapters (ADR 0109).
 */
export const STICKERS_SQL = Object.freeze({
  getStickerSet: 'SELECT * FROM sticker_sets WHERE pk = ?',
  getStickerSetByName: 'SELECT * FROM sticker_sets WHERE name_key = ?',
  listStickers: 'SELECT * FROM stickers WHERE set_pk = ? ORDER BY position, pk',
  getSticker: 'SELECT * FROM stickers WHERE pk = ?',
  listStickersOfFile: 'SELECT * FROM stickers WHERE file_pk = ? ORDER BY pk DESC',
  getStickerByCustomEmojiId: 'SELECT * FROM stickers WHERE custom_emoji_id = ?',
  getChatStickerSet: 'SELECT set_pk FROM chat_sticker_sets WHERE chat_pk = ?',
  /** deleteStickerSet: its stickers, the supergroups' use of it, then the set. */
  deleteStickersOfSet: 'DELETE FROM stickers WHERE set_pk = ?',
  deleteChatStickerSetsOfSet: 'DELETE FROM chat_sticker_sets WHERE set_pk = ?',
  deleteStickerSet: 'DELETE FROM sticker_sets WHERE pk = ?',
  deleteSticker: 'DELETE FROM stickers WHERE pk = ?',
  /** setChatStickerSet with no set. */
  unsetChatStickerSet: 'DELETE FROM chat_sticker_sets WHERE chat_pk = ?',
  setChatStickerSet: `INSERT INTO chat_sticker_sets (chat_pk, set_pk) VALUES (?, ?)
    ON CONFLICT (chat_pk) DO UPDATE SET set_pk = excluded.set_pk`,
} as const);
