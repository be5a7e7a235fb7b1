-- Channel direct messages and suggested posts (src/platform/suggested-posts/, ADR 0053).

-- A channel's direct-messages chat is a supergroup whose parent_pk is the channel's pk (Chat
-- is_direct_messages, ChatFullInfo parent_chat); other chats have none.
ALTER TABLE chats ADD COLUMN parent_pk INTEGER;

-- The direct-messages chat of a channel, and whether people may write to it now.
CREATE TABLE direct_messages_chats (
  channel_pk INTEGER PRIMARY KEY,
  chat_pk INTEGER NOT NULL UNIQUE,
  enabled INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

-- A suggested post: the suggestion message in the direct-messages chat, its state (pending,
-- approved, declined) and, once approved, where it stands (phase: scheduled, published, paid,
-- refunded). due_at is when the clock sweep has work for it (publish, or pay out), else null.
CREATE TABLE suggested_posts (
  chat_pk INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  channel_pk INTEGER NOT NULL,
  author_id INTEGER NOT NULL,
  state TEXT NOT NULL,
  phase TEXT,
  currency TEXT,
  amount INTEGER,
  send_date INTEGER,
  publish_at INTEGER,
  approved_by INTEGER,
  post_message_id INTEGER,
  published_at INTEGER,
  charge_id TEXT,
  due_at INTEGER,
  PRIMARY KEY (chat_pk, message_id)
);
CREATE INDEX suggested_posts_due ON suggested_posts (due_at) WHERE due_at IS NOT NULL;
CREATE INDEX suggested_posts_post ON suggested_posts (channel_pk, post_message_id);
