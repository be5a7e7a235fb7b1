-- Users and bots share one id space: a bot is a user with is_bot = 1 and a row in bots.
CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  is_bot INTEGER NOT NULL,
  first_name TEXT NOT NULL,
  last_name TEXT,
  username TEXT COLLATE NOCASE UNIQUE,
  phone_number TEXT UNIQUE,
  language_code TEXT,
  created_at INTEGER NOT NULL
);

CREATE TABLE bots (
  id INTEGER PRIMARY KEY REFERENCES users (id),
  token_secret TEXT NOT NULL,
  can_join_groups INTEGER NOT NULL,
  can_read_all_group_messages INTEGER NOT NULL,
  supports_inline_queries INTEGER NOT NULL,
  logged_out_until INTEGER NOT NULL DEFAULT 0,
  last_update_id INTEGER NOT NULL,
  last_update_at INTEGER NOT NULL DEFAULT 0,
  allowed_updates TEXT,
  webhook_url TEXT NOT NULL DEFAULT '',
  webhook_secret TEXT,
  webhook_max_connections INTEGER NOT NULL DEFAULT 40,
  webhook_ip_address TEXT,
  webhook_ip_fixed INTEGER NOT NULL DEFAULT 0,
  webhook_certificate TEXT,
  webhook_set_at INTEGER,
  last_error_date INTEGER,
  last_error_message TEXT,
  last_sync_error_date INTEGER
);

CREATE TABLE chats (
  pk INTEGER PRIMARY KEY AUTOINCREMENT,
  id INTEGER UNIQUE,
  type TEXT NOT NULL,
  title TEXT,
  username TEXT COLLATE NOCASE UNIQUE,
  description TEXT,
  user_a INTEGER,
  user_b INTEGER,
  last_message_id INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  UNIQUE (user_a, user_b)
);

CREATE TABLE chat_members (
  chat_pk INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  status TEXT NOT NULL,
  data TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (chat_pk, user_id)
) WITHOUT ROWID;

CREATE TABLE messages (
  chat_pk INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  sender_id INTEGER,
  date INTEGER NOT NULL,
  edit_date INTEGER,
  body TEXT NOT NULL,
  PRIMARY KEY (chat_pk, message_id)
) WITHOUT ROWID;

CREATE TABLE read_cursors (
  user_id INTEGER NOT NULL,
  chat_pk INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  PRIMARY KEY (user_id, chat_pk)
) WITHOUT ROWID;

-- The per-bot update queue. A row is also the webhook delivery job of that update: it is deleted
-- when delivered (webhook) or confirmed (getUpdates offset), or when it expires.
CREATE TABLE updates (
  bot_id INTEGER NOT NULL,
  update_id INTEGER NOT NULL,
  type TEXT NOT NULL,
  payload TEXT NOT NULL,
  queue_key TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (bot_id, update_id)
) WITHOUT ROWID;

CREATE INDEX updates_expiry ON updates (expires_at);

CREATE TABLE files (
  pk INTEGER PRIMARY KEY AUTOINCREMENT,
  unique_id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL,
  size INTEGER NOT NULL,
  mime_type TEXT,
  file_name TEXT,
  storage_path TEXT NOT NULL,
  width INTEGER,
  height INTEGER,
  sha256 TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE file_refs (
  file_id TEXT PRIMARY KEY,
  file_pk INTEGER NOT NULL,
  bot_id INTEGER NOT NULL,
  file_path TEXT NOT NULL,
  UNIQUE (bot_id, file_path),
  UNIQUE (bot_id, file_pk)
);

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
