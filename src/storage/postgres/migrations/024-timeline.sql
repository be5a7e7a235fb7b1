-- The timeline (ADR 0099; src/platform/timeline): one row per event of the workspace, written by the
-- code path that did it. Tokens and codes are replaced before a row is built.
CREATE TABLE timeline_events (
  id BIGSERIAL PRIMARY KEY,
  at BIGINT NOT NULL,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  bot_id BIGINT,
  chat_id BIGINT,
  person_id BIGINT,
  status TEXT NOT NULL,
  summary TEXT NOT NULL,
  duration_ms BIGINT,
  request TEXT,
  answer TEXT
);
CREATE INDEX timeline_events_by_bot ON timeline_events (bot_id, id);
CREATE INDEX timeline_events_by_chat ON timeline_events (chat_id, id);
