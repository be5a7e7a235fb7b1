-- Ephemeral messages (Bot API 10.2, issue 26, ADR 0076): a bot's message in a group that only its
-- receiver sees. A table of its own, which no read path of ordinary messages reads. The id is per
-- chat and reused after deletion; seq keeps the order of sending; after_message_id places the
-- message among the chat's ordinary ones in the receiver's list.
CREATE TABLE ephemeral_messages (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  chat_pk INTEGER NOT NULL,
  ephemeral_message_id INTEGER NOT NULL,
  receiver_id INTEGER NOT NULL,
  sender_id INTEGER NOT NULL,
  after_message_id INTEGER NOT NULL,
  date INTEGER NOT NULL,
  edit_date INTEGER,
  body TEXT NOT NULL,
  seen INTEGER NOT NULL DEFAULT 0,
  UNIQUE (chat_pk, ephemeral_message_id)
);
CREATE INDEX ephemeral_messages_by_receiver ON ephemeral_messages (chat_pk, receiver_id, seq);
