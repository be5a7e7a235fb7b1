-- Files derived from a source once and found again (issue 27, ADR 0086, ports/files.ts): a photo's
-- sizes, keyed by the uploaded original's SHA-256 (so the same bytes, or any size of the set sent
-- again by file_id, are not re-encoded), a video's generated thumbnail, a GIF's MP4, a game's
-- drawn photo. `role` names what was derived, `position` orders a set (smallest size first).
CREATE TABLE derived_files (
  source_key TEXT NOT NULL,
  role TEXT NOT NULL,
  position INTEGER NOT NULL,
  file_pk BIGINT NOT NULL,
  PRIMARY KEY (source_key, role, position)
);
CREATE INDEX derived_files_by_file ON derived_files (file_pk, role);
