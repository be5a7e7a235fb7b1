/**
 * Sticker sets, their stickers and the sticker set of a supergroup (tables `sticker_sets`,
 * `stickers`, `chat_sticker_sets`; SQLite 016, PostgreSQL 006). The rules are in
 * platform/stickers/; ADR 0046.
 *
 * Contract:
 * - A set's `name_key` (its name in lower case: names are case-insensitive) is unique; a second
 *   `insertStickerSet` of the same key fails with UniqueViolation.
 * - A file is at most once in a set: (set_pk, file_pk) is unique. A custom emoji id is unique.
 * - `listStickers` answers a set's stickers by position, then pk.
 * - `deleteStickerSet` removes the set, its stickers and every chat's use of it, in the caller's write.
 */

export type StickerType = 'regular' | 'mask' | 'custom_emoji';
export type StickerFormat = 'static' | 'animated' | 'video';

export interface StickerSetRow {
  pk: number;
  /** As its creator spelled it. */
  name: string;
  /** The name in lower case (unique). */
  name_key: string;
  title: string;
  sticker_type: StickerType;
  needs_repainting: boolean;
  /** The user who owns the set; null for Parley's own sets (forum topic icons). */
  owner_id: number | null;
  /** The bot that created it and may edit it; null for Parley's own sets. */
  bot_id: number | null;
  /** setStickerSetThumbnail: the thumbnail's file and its format; null for none. */
  thumbnail_file_pk: number | null;
  thumbnail_format: StickerFormat | null;
  /** setCustomEmojiStickerSetThumbnail: the custom emoji shown as the thumbnail; null for none. */
  thumbnail_custom_emoji_id: string | null;
  created_at: number;
}

export interface StickerRow {
  pk: number;
  set_pk: number;
  file_pk: number;
  /** Zero-based place in the set. */
  position: number;
  format: StickerFormat;
  /** JSON array of 1-20 emoji. */
  emoji_list: string;
  /** JSON array of 0-20 keywords. */
  keywords: string;
  /** JSON MaskPosition (mask stickers); null for none. */
  mask_position: string | null;
  /** Custom emoji stickers: their custom_emoji_id; null otherwise. */
  custom_emoji_id: string | null;
  created_at: number;
}

export interface StickersReader {
  getStickerSet(pk: number): Promise<StickerSetRow | undefined>;
  getStickerSetByName(nameKey: string): Promise<StickerSetRow | undefined>;
  /** The set's stickers by position (then pk). */
  listStickers(setPk: number): Promise<StickerRow[]>;
  getSticker(pk: number): Promise<StickerRow | undefined>;
  /** The stickers (in any set) whose file is `filePk`, newest first. */
  listStickersOfFile(filePk: number): Promise<StickerRow[]>;
  getStickerByCustomEmojiId(customEmojiId: string): Promise<StickerRow | undefined>;
  /** The pk of a supergroup's sticker set, if it has one. */
  getChatStickerSet(chatPk: number): Promise<number | undefined>;
}

export interface StickersWriter {
  insertStickerSet(row: Omit<StickerSetRow, 'pk'>): Promise<number>;
  updateStickerSet(
    pk: number,
    patch: Partial<
      Pick<StickerSetRow, 'title' | 'thumbnail_file_pk' | 'thumbnail_format' | 'thumbnail_custom_emoji_id'>
    >,
  ): Promise<void>;
  deleteStickerSet(pk: number): Promise<void>;
  insertSticker(row: Omit<StickerRow, 'pk'>): Promise<number>;
  updateSticker(
    pk: number,
    patch: Partial<Pick<StickerRow, 'position' | 'emoji_list' | 'keywords' | 'mask_position'>>,
  ): Promise<void>;
  deleteSticker(pk: number): Promise<void>;
  /** Sets (or with null, removes) a supergroup's sticker set. */
  setChatStickerSet(chatPk: number, setPk: number | null): Promise<void>;
}
