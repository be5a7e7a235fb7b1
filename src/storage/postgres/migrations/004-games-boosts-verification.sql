-- Games, chat boosts and verification (ADR 0044; src/platform/games, boosts, verification).
-- A game registered for a bot through the control API, by its short name.
CREATE TABLE games (
  bot_id BIGINT NOT NULL,
  short_name TEXT NOT NULL,
  title TEXT NOT NULL,
  description TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (bot_id, short_name)
);
-- A user's score in a game, per chat: the chat's high-score table of that game.
CREATE TABLE game_scores (
  bot_id BIGINT NOT NULL,
  short_name TEXT NOT NULL,
  chat_pk BIGINT NOT NULL,
  user_id BIGINT NOT NULL,
  score BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (bot_id, short_name, chat_pk, user_id)
);
-- A person's boost of a channel or supergroup; removed_at is set when removed or expired.
CREATE TABLE chat_boosts (
  id TEXT PRIMARY KEY,
  chat_pk BIGINT NOT NULL,
  user_id BIGINT NOT NULL,
  add_date BIGINT NOT NULL,
  expiration_date BIGINT NOT NULL,
  removed_at BIGINT
);
CREATE INDEX chat_boosts_by_chat_user ON chat_boosts (chat_pk, user_id) WHERE removed_at IS NULL;
CREATE INDEX chat_boosts_by_expiry ON chat_boosts (expiration_date) WHERE removed_at IS NULL;
-- Bots that an operator made verifiers, and the verified users and chats.
CREATE TABLE bot_verifiers (
  bot_id BIGINT PRIMARY KEY,
  can_modify_custom_description BOOLEAN NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE TABLE verifications (
  target_kind TEXT NOT NULL,
  target_id BIGINT NOT NULL,
  bot_id BIGINT NOT NULL,
  custom_description TEXT,
  verified_at BIGINT NOT NULL,
  PRIMARY KEY (target_kind, target_id)
);
