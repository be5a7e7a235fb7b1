-- Mini Apps (src/platform/web-apps/, ADR 0047): the queries a person's opened Mini App may answer
-- with answerWebAppQuery; prepared inline messages and keyboard buttons a bot saves for one
-- person's Mini App; join-request queries given to a chat's join-request bot. Guest mode
-- (src/platform/guest/): the guest queries of bots summoned in chats they are not members of.
CREATE TABLE web_app_queries (
  id TEXT PRIMARY KEY,
  bot_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  chat_pk INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  answered_at INTEGER
);
CREATE INDEX web_app_queries_age ON web_app_queries (created_at);

CREATE TABLE prepared_inline_messages (
  id TEXT PRIMARY KEY,
  bot_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  result TEXT NOT NULL,
  allowed_chats TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX prepared_inline_messages_age ON prepared_inline_messages (expires_at);

CREATE TABLE prepared_keyboard_buttons (
  id TEXT PRIMARY KEY,
  bot_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  button TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE join_request_queries (
  id TEXT PRIMARY KEY,
  chat_pk INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  bot_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  deadline INTEGER NOT NULL,
  web_app_url TEXT,
  result TEXT
);
CREATE INDEX join_request_queries_requester ON join_request_queries (chat_pk, user_id);

CREATE TABLE guest_queries (
  id TEXT PRIMARY KEY,
  bot_id INTEGER NOT NULL,
  chat_pk INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  caller_id INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  answered_at INTEGER
);
CREATE INDEX guest_queries_age ON guest_queries (created_at);
