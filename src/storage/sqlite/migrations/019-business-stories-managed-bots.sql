-- Business accounts, stories and managed bots (src/platform/business, stories, managed-bots;
-- ADR 0049). Booleans are 0/1.
CREATE TABLE business_connections (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL,
  bot_id INTEGER NOT NULL,
  rights TEXT NOT NULL,
  is_enabled INTEGER NOT NULL,
  date INTEGER NOT NULL
);
CREATE UNIQUE INDEX business_connections_user_bot ON business_connections (user_id, bot_id);

-- The chats of a business account its connection's bot has seen, with the time of the customer's
-- last message (can_reply holds for 24 hours after it; deleteBusinessMessages looks here).
CREATE TABLE business_chats (
  connection_id TEXT NOT NULL,
  chat_pk INTEGER NOT NULL,
  last_incoming_at INTEGER NOT NULL,
  PRIMARY KEY (connection_id, chat_pk)
);

CREATE TABLE business_profiles (
  user_id INTEGER PRIMARY KEY,
  bio TEXT,
  photo_file_pk INTEGER,
  public_photo_file_pk INTEGER,
  gift_settings TEXT
);

CREATE TABLE stories (
  owner_id INTEGER NOT NULL,
  story_id INTEGER NOT NULL,
  poster_bot_id INTEGER NOT NULL,
  body TEXT NOT NULL,
  posted_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  post_to_chat_page INTEGER NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (owner_id, story_id)
);

CREATE TABLE managed_bots (
  bot_id INTEGER PRIMARY KEY,
  owner_id INTEGER NOT NULL,
  manager_id INTEGER NOT NULL,
  access_restricted INTEGER NOT NULL DEFAULT 0,
  added_user_ids TEXT NOT NULL DEFAULT '[]',
  created_at INTEGER NOT NULL
);
CREATE INDEX managed_bots_manager ON managed_bots (manager_id);
