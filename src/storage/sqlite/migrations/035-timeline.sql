-- The timeline (ADR 0099; src/platform/timeline): one row per event of the workspace, written by the
-- code path that did it. Tokens and codes are replaced before a row is built.
CREATE TABLE timeline_events (
  -- The rowid: ids only grow while the newest row stays (retention keeps the newest).
  id INTEGER PRIMARY KEY,
  at INTEGER NOT NULL,
  kind TEXT NOT NULL,
  name TEXT NOT NULL,
  bot_id INTEGER,
  chat_id INTEGER,
  person_id INTEGER,
  status TEXT NOT NULL,
  summary TEXT NOT NULL,
  duration_ms INTEGER,
  request TEXT,
  answer TEXT
);
CREATE INDEX timeline_events_by_bot ON timeline_events (bot_id, id);
CREATE INDEX timeline_events_by_chat ON timeline_events (chat_id, id);
