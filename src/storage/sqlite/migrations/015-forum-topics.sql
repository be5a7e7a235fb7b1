-- Forum topics (src/platform/topics/): a supergroup with topics on (`is_forum`, 0 or 1), its topics,
-- and which messages belong to which topic (deleteForumTopic deletes them with the topic).

ALTER TABLE chats ADD COLUMN is_forum INTEGER NOT NULL DEFAULT 0;

-- One row per topic; thread_id is the message_id of its forum_topic_created service message. The
-- General topic is the row with thread_id 1 (it has no service message of its own): its name,
-- whether it is closed and whether it is hidden. Deleted topics are deleted rows.
CREATE TABLE forum_topics (
  chat_pk INTEGER NOT NULL,
  thread_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  icon_color INTEGER NOT NULL,
  icon_custom_emoji_id TEXT,
  creator_id INTEGER NOT NULL,
  is_closed INTEGER NOT NULL DEFAULT 0,
  is_hidden INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (chat_pk, thread_id)
) WITHOUT ROWID;

-- The messages of each topic (not those of the General topic).
CREATE TABLE forum_topic_messages (
  chat_pk INTEGER NOT NULL,
  thread_id INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  PRIMARY KEY (chat_pk, thread_id, message_id)
) WITHOUT ROWID;

CREATE INDEX forum_topic_messages_by_message ON forum_topic_messages (chat_pk, message_id);
