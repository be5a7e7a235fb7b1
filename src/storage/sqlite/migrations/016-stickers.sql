-- Sticker sets and their stickers (platform/stickers/, ports/stickers.ts, ADR 0046), and the sticker
-- set of a supergroup (setChatStickerSet). owner_id and bot_id are NULL for Parley's own sets.
CREATE TABLE sticker_sets (
  pk INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  name_key TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  sticker_type TEXT NOT NULL,
  needs_repainting INTEGER NOT NULL DEFAULT 0,
  owner_id INTEGER,
  bot_id INTEGER,
  thumbnail_file_pk INTEGER,
  thumbnail_format TEXT,
  thumbnail_custom_emoji_id TEXT,
  created_at INTEGER NOT NULL
);

CREATE TABLE stickers (
  pk INTEGER PRIMARY KEY,
  set_pk INTEGER NOT NULL,
  file_pk INTEGER NOT NULL,
  position INTEGER NOT NULL,
  format TEXT NOT NULL,
  emoji_list TEXT NOT NULL,
  keywords TEXT NOT NULL,
  mask_position TEXT,
  custom_emoji_id TEXT UNIQUE,
  created_at INTEGER NOT NULL,
  UNIQUE (set_pk, file_pk)
);
CREATE INDEX stickers_by_set ON stickers (set_pk, position);
CREATE INDEX stickers_by_file ON stickers (file_pk);

CREATE TABLE chat_sticker_sets (
  chat_pk INTEGER PRIMARY KEY,
  set_pk INTEGER NOT NULL
);
CREATE INDEX chat_sticker_sets_by_set ON chat_sticker_sets (set_pk);
