-- Giveaways (ADR 0056; src/platform/giveaways): a person who administers a channel or supergroup
-- starts one; at winners_selection_date the winners are drawn (completed_at, winners set once).
CREATE TABLE giveaways (
  id TEXT PRIMARY KEY,
  chat_pk INTEGER NOT NULL,
  creator_id INTEGER NOT NULL,
  message_id INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  winners_selection_date INTEGER NOT NULL,
  winner_count INTEGER NOT NULL,
  only_new_members INTEGER NOT NULL,
  has_public_winners INTEGER NOT NULL,
  prize_description TEXT,
  country_codes TEXT NOT NULL,
  prize_star_count INTEGER,
  premium_months INTEGER,
  members_at_start TEXT NOT NULL,
  completed_at INTEGER,
  winners TEXT
);
CREATE UNIQUE INDEX giveaways_by_message ON giveaways (chat_pk, message_id);
CREATE INDEX giveaways_due ON giveaways (winners_selection_date) WHERE completed_at IS NULL;
-- A boost a giveaway gave its winner (ChatBoostSourceGiveaway); null for a person's own boost.
ALTER TABLE chat_boosts ADD COLUMN giveaway_message_id INTEGER;
ALTER TABLE chat_boosts ADD COLUMN giveaway_prize_star_count INTEGER;
