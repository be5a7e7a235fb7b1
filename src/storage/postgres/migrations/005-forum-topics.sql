-- Forum topics (src/platform/topics/): a supergroup with topics on (`is_forum`, 0 or 1, as on
-- SQLite), its topics, and which messages belong to which topic (deleteForumTopic deletes them with
-- the topic). See sqlite/migrations/015-forum-topics.sql.

ALTER TABLE chats ADD COLUMN is_forum INTEGER NOT NULL DEFAULT 0;

CREATE TABLE forum_topics (
  chat_pk BIGINT NOT NULL,
  thread_id BIGINT NOT NULL,
  name TEXT NOT NULL,
  icon_color BIGINT NOT NULL,
  icon_custom_emoji_id TEXT,
  creator_id BIGINT NOT NULL,
  is_closed BOOLEAN NOT NULL DEFAULT FALSE,
  is_hidden BOOLEAN NOT NULL DEFAULT FALSE,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (chat_pk, thread_id)
);

CREATE TABLE forum_topic_messages (
  chat_pk BIGINT NOT NULL,
  thread_id BIGINT NOT NULL,
  message_id BIGINT NOT NULL,
  PRIMARY KEY (chat_pk, thread_id, message_id)
);

CREATE INDEX forum_topic_messages_by_message ON forum_topic_messages (chat_pk, message_id);
