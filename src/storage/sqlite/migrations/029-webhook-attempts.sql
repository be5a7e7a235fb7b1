-- The webhook delivery log (ADR 0059; src/platform/webhooks): one row per attempt to deliver an update
-- to a bot's webhook. No secret_token, no url credentials; payload only on the newest final attempts.
CREATE TABLE webhook_attempts (
  -- The rowid: ids only grow while the newest row stays (retention keeps the newest per bot).
  id INTEGER PRIMARY KEY,
  bot_id INTEGER NOT NULL,
  update_id INTEGER NOT NULL,
  update_type TEXT NOT NULL,
  queue_key TEXT NOT NULL,
  url TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  request_bytes INTEGER NOT NULL,
  status_code INTEGER,
  error TEXT,
  outcome TEXT NOT NULL,
  duration_ms INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  next_attempt_at INTEGER,
  payload TEXT
);
CREATE INDEX webhook_attempts_by_bot ON webhook_attempts (bot_id, id);
CREATE INDEX webhook_attempts_by_update ON webhook_attempts (bot_id, update_id, id);
