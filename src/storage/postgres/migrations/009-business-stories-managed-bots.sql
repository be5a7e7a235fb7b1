-- Business accounts, stories and managed bots (src/platform/business, stories, managed-bots;
-- ADR 0049). PostgreSQL types (BIGINT, BOOLEAN).
CREATE TABLE business_connections (
  id TEXT PRIMARY KEY,
  user_id BIGINT NOT NULL,
  bot_id BIGINT NOT NULL,
  rights TEXT NOT NULL,
  is_enabled BOOLEAN NOT NULL,
  date BIGINT NOT NULL
);
CREATE UNIQUE INDEX business_connections_user_bot ON business_connections (user_id, bot_id);

-- The chats of a business account its connection's bot has seen, with the time of the customer's
-- last message (can_reply holds for 24 hours after it; deleteBusinessMessages looks here).
CREATE TABLE business_chats (
  connection_id TEXT NOT NULL,
  chat_pk BIGINT NOT NULL,
  last_incoming_at BIGINT NOT NULL,
  PRIMARY KEY (connection_id, chat_pk)
);

CREATE TABLE business_profiles (
  user_id BIGINT PRIMARY KEY,
  bio TEXT,
  photo_file_pk BIGINT,
  public_photo_file_pk BIGINT,
  gift_settings TEXT
);

CREATE TABLE stories (
  owner_id BIGINT NOT NULL,
  story_id BIGINT NOT NULL,
  poster_bot_id BIGINT NOT NULL,
  body TEXT NOT NULL,
  posted_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  post_to_chat_page BOOLEAN NOT NULL,
  deleted BOOLEAN NOT NULL DEFAULT FALSE,
  PRIMARY KEY (owner_id, story_id)
);

CREATE TABLE managed_bots (
  bot_id BIGINT PRIMARY KEY,
  owner_id BIGINT NOT NULL,
  manager_id BIGINT NOT NULL,
  access_restricted BOOLEAN NOT NULL DEFAULT FALSE,
  added_user_ids TEXT NOT NULL DEFAULT '[]',
  created_at BIGINT NOT NULL
);
CREATE INDEX managed_bots_manager ON managed_bots (manager_id);
