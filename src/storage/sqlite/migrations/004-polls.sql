-- Polls sent with sendPoll, their votes, the messages that show them, and what the uploader said
-- about a media file (duration, performer, ...), so that a file sent again by file_id shows the same.

-- One row per poll. `data` is the poll's JSON (question, options, type and settings); the vote
-- counts are not kept here but counted from poll_votes.
CREATE TABLE polls (
  id TEXT PRIMARY KEY,
  chat_pk INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  sender_id INTEGER,
  data TEXT NOT NULL,
  is_closed INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

-- A voter's current answer; option_ids is a JSON array of 0-based option indexes.
CREATE TABLE poll_votes (
  poll_id TEXT NOT NULL,
  user_id INTEGER NOT NULL,
  option_ids TEXT NOT NULL,
  voted_at INTEGER NOT NULL,
  PRIMARY KEY (poll_id, user_id)
) WITHOUT ROWID;

-- Every message that shows a poll: the original and its forwards, whose bodies carry the poll's
-- state and are rewritten when it changes.
CREATE TABLE poll_messages (
  poll_id TEXT NOT NULL,
  chat_pk INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  PRIMARY KEY (poll_id, chat_pk, message_id)
) WITHOUT ROWID;

-- JSON object of a media file's attributes as its latest uploader gave them.
CREATE TABLE file_attributes (
  file_pk INTEGER PRIMARY KEY,
  data TEXT NOT NULL
);
