-- Giveaways (ADR 0056; src/platform/giveaways): a person who administers a channel or supergroup
-- starts one; at winners_selection_date the winners are drawn (completed_at, winners set once).
CREATE TABLE giveaways (
  id TEXT PRIMARY KEY,
  chat_pk BIGINT NOT NULL,
  creator_id BIGINT NOT NULL,
  message_id BIGINT NOT NULL,
  started_at BIGINT NOT NULL,
  winners_selection_date BIGINT NOT NULL,
  winner_count BIGINT NOT NULL,
  only_new_members BOOLEAN NOT NULL,
  has_public_winners BOOLEAN NOT NULL,
  prize_description TEXT,
  country_codes TEXT NOT NULL,
  prize_star_count BIGINT,
  premium_months BIGINT,
  members_at_start TEXT NOT NULL,
  completed_at BIGINT,
  winners TEXT
);
CREATE UNIQUE INDEX giveaways_by_message ON giveaways (chat_pk, message_id);
CREATE INDEX giveaways_due ON giveaways (winners_selection_date) WHERE completed_at IS NULL;
-- A boost a giveaway gave its winner (ChatBoostSourceGiveaway); null for a person's own boost.
ALTER TABLE chat_boosts ADD COLUMN giveaway_message_id BIGINT;
ALTER TABLE chat_boosts ADD COLUMN giveaway_prize_star_count BIGINT;
