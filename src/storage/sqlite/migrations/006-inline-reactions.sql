-- Inline mode: a person's inline query to a bot and the bot's answer. A later identical query may
-- be answered from here while cache_until has not passed (answerInlineQuery's cache_time).
CREATE TABLE inline_queries (
  id TEXT PRIMARY KEY,
  bot_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  chat_pk INTEGER NOT NULL,
  chat_type TEXT NOT NULL,
  query TEXT NOT NULL,
  query_offset TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  answered_at INTEGER,
  answer TEXT,
  cache_until INTEGER,
  is_personal INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX inline_queries_cache ON inline_queries (bot_id, query, query_offset, cache_until);
CREATE INDEX inline_queries_age ON inline_queries (created_at);

-- Messages sent by choosing an inline result that has an inline keyboard: their inline_message_id.
CREATE TABLE inline_messages (
  id TEXT PRIMARY KEY,
  bot_id INTEGER NOT NULL,
  chat_pk INTEGER NOT NULL,
  message_id INTEGER NOT NULL
);

-- Each user's (and bot's) reactions to a message. Message ids are never reused, so the rows of a
-- deleted message are unreachable rather than wrong.
CREATE TABLE message_reactions (
  chat_pk INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  reaction TEXT NOT NULL,
  is_big INTEGER NOT NULL DEFAULT 0,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (chat_pk, message_id, user_id)
) WITHOUT ROWID;

CREATE TABLE pinned_messages (
  chat_pk INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  pinned_at INTEGER NOT NULL,
  PRIMARY KEY (chat_pk, message_id)
) WITHOUT ROWID;
