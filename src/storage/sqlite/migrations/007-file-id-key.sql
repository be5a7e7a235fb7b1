-- The server key of per-viewer file_ids (docs/adr/0040-per-viewer-file-ids.md): 32 random bytes,
-- hex, made here by SQLite's own cryptographic generator so that every store has one before any
-- message is rendered, and rendering never has to write. file_ids are HMACs under this key of
-- (file, viewer); losing it makes every file_id issued since invalid, so it is never replaced.
INSERT OR IGNORE INTO settings (key, value) VALUES ('files.id_key', lower(hex(randomblob(32))));
-- Whether file_refs already holds rows (with random file_ids): their bots keep seeing those ids.
INSERT OR IGNORE INTO settings (key, value)
  SELECT 'files.legacy_refs', CASE WHEN EXISTS (SELECT 1 FROM file_refs) THEN '1' ELSE '0' END;
