-- The webhook delivery log (ADR 0059; src/platform/webhooks): one row per attempt to deliver an update
-- to a bot's webhook. No secret_token, no url credentials; payload only on the newest final attempts.
CREATE TABLE webhook_attempts (
  id BIGSERIAL PRIMARY KEY,
  bot_id BIGINT NOT NULL,
  update_id BIGINT NOT NULL,
  update_type TEXT NOT NULL,
  queue_key TEXT NOT NULL,
  url TEXT NOT NULL,
  attempt BIGINT NOT NULL,
  request_bytes BIGINT NOT NULL,
  status_code BIGINT,
  error TEXT,
  outcome TEXT NOT NULL,
  duration_ms BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  next_attempt_at BIGINT,
  payload TEXT
);
CREATE INDEX webhook_attempts_by_bot ON webhook_attempts (bot_id, id);
CREATE INDEX webhook_attempts_by_update ON webhook_attempts (bot_id, update_id, id);
