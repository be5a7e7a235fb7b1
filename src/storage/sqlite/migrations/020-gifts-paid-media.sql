-- Gifts and paid media (src/platform/gifts/, src/platform/paid-media/, ports/gifts.ts,
-- ports/paid-media.ts, ADR 0050).

-- Gifts owned by users (owner_kind 'user', owner_id = user id) and chats ('chat', chat pk).
CREATE TABLE owned_gifts (
  pk INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  owner_kind TEXT NOT NULL CHECK (owner_kind IN ('user', 'chat')),
  owner_id INTEGER NOT NULL,
  gift_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('regular', 'unique')),
  sender_id INTEGER,
  send_date INTEGER NOT NULL,
  star_count INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('owned', 'converted')),
  data TEXT NOT NULL
);
CREATE INDEX owned_gifts_owner ON owned_gifts (owner_kind, owner_id, status);

-- Sales of the catalogue's gifts: buyer_id 0 counts every sale (total_count of limited gifts, and
-- the numbers of unique gifts), another buyer_id that buyer's (personal_total_count).
CREATE TABLE gift_sales (
  gift_id TEXT NOT NULL,
  buyer_id INTEGER NOT NULL,
  sold INTEGER NOT NULL CHECK (sold >= 0),
  PRIMARY KEY (gift_id, buyer_id)
);

-- Who bought which paid media: one row per (chat, message, buyer), so media is paid for once.
CREATE TABLE paid_media_purchases (
  chat_pk INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  charge_id TEXT NOT NULL,
  star_count INTEGER NOT NULL,
  date INTEGER NOT NULL,
  PRIMARY KEY (chat_pk, message_id, user_id)
);
