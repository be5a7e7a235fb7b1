-- Message drafts a bot streams into a private chat (sendMessageDraft, src/platform/drafts/): one row
-- per (chat, draft_id), replaced by each new version; a draft is shown for 30 s after its last
-- version and ends when the bot sends a message into the chat. body: JSON of the draft's content.
CREATE TABLE message_drafts (
  chat_pk INTEGER NOT NULL,
  draft_id INTEGER NOT NULL,
  bot_id INTEGER NOT NULL,
  thread_id INTEGER NOT NULL DEFAULT 0,
  body TEXT NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (chat_pk, draft_id)
);

-- Media on a user's or bot's profile (src/platform/users/profiles.ts): kind 'photo' (the bot's
-- profile photo, setMyProfilePhoto) or 'audio' (a person's profile audios); seq orders them, the
-- newest has the highest. attributes: JSON of what the media object needs beside its file.
CREATE TABLE profile_media (
  user_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  seq INTEGER NOT NULL,
  file_pk INTEGER NOT NULL,
  attributes TEXT,
  added_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, kind, seq)
);

-- A person's emoji status (setUserEmojiStatus), their personal channel (getUserPersonalChatMessages)
-- and the bots they allowed to change their emoji status.
CREATE TABLE user_profiles (
  user_id INTEGER PRIMARY KEY,
  emoji_status_custom_emoji_id TEXT,
  emoji_status_expiration_date INTEGER,
  personal_chat_pk INTEGER
);
CREATE TABLE emoji_status_access (
  user_id INTEGER NOT NULL,
  bot_id INTEGER NOT NULL,
  allowed_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, bot_id)
);

-- Members' tags in groups and supergroups (setChatMemberTag).
CREATE TABLE member_tags (
  chat_pk INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  tag TEXT NOT NULL,
  PRIMARY KEY (chat_pk, user_id)
);
