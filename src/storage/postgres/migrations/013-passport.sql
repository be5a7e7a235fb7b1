-- Passport data people share with bots (src/platform/passport/, ports/passport.ts, ADR 0054).

-- The newest share of each element type by a person with a bot: the hashes the bot can name in
-- setPassportDataErrors (hashes: JSON of data_hash, file hashes and element_hash, base64).
CREATE TABLE passport_elements (
  bot_id BIGINT NOT NULL,
  user_id BIGINT NOT NULL,
  type TEXT NOT NULL,
  hashes TEXT NOT NULL,
  shared_at BIGINT NOT NULL,
  PRIMARY KEY (bot_id, user_id, type)
);

-- The errors a bot set on a person's elements (setPassportDataErrors), shown to the person until
-- they share that element type again. error: JSON of the PassportElementError.
CREATE TABLE passport_errors (
  bot_id BIGINT NOT NULL,
  user_id BIGINT NOT NULL,
  type TEXT NOT NULL,
  seq BIGINT NOT NULL,
  error TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  PRIMARY KEY (bot_id, user_id, type, seq)
);
