-- A press of an inline keyboard button: the callback query a bot answers, and the answer the
-- person's client shows.
CREATE TABLE callback_queries (
  id TEXT PRIMARY KEY,
  bot_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  chat_pk INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  data TEXT,
  created_at INTEGER NOT NULL,
  answered_at INTEGER,
  answer TEXT
);
