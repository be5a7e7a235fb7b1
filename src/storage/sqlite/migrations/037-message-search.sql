-- Message search (ADR 0101; storage/ports/message-search.ts): the words of messages' texts and
-- captions in an FTS5 index that keeps no copy of the text (contentless; deletable rows). A message's
-- row is chat_pk * 2^32 + message_id, an ephemeral message's -seq. Triggers keep it current in the
-- write that stores, edits or deletes a message; a message without text or caption adds no row.
CREATE VIRTUAL TABLE message_search USING fts5(
  text,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 0'
);

CREATE TRIGGER message_search_insert AFTER INSERT ON messages BEGIN
  INSERT INTO message_search (rowid, text)
    SELECT new.chat_pk * 4294967296 + new.message_id, t
      FROM (SELECT coalesce(new.body ->> '$.text', new.body ->> '$.caption') AS t)
     WHERE t IS NOT NULL;
END;

CREATE TRIGGER message_search_update AFTER UPDATE OF body ON messages BEGIN
  DELETE FROM message_search WHERE rowid = old.chat_pk * 4294967296 + old.message_id;
  INSERT INTO message_search (rowid, text)
    SELECT new.chat_pk * 4294967296 + new.message_id, t
      FROM (SELECT coalesce(new.body ->> '$.text', new.body ->> '$.caption') AS t)
     WHERE t IS NOT NULL;
END;

CREATE TRIGGER message_search_delete AFTER DELETE ON messages BEGIN
  DELETE FROM message_search WHERE rowid = old.chat_pk * 4294967296 + old.message_id;
END;

CREATE TRIGGER message_search_ephemeral_insert AFTER INSERT ON ephemeral_messages BEGIN
  INSERT INTO message_search (rowid, text)
    SELECT -new.seq, t
      FROM (SELECT coalesce(new.body ->> '$.text', new.body ->> '$.caption') AS t)
     WHERE t IS NOT NULL;
END;

CREATE TRIGGER message_search_ephemeral_update AFTER UPDATE OF body ON ephemeral_messages BEGIN
  DELETE FROM message_search WHERE rowid = -old.seq;
  INSERT INTO message_search (rowid, text)
    SELECT -new.seq, t
      FROM (SELECT coalesce(new.body ->> '$.text', new.body ->> '$.caption') AS t)
     WHERE t IS NOT NULL;
END;

CREATE TRIGGER message_search_ephemeral_delete AFTER DELETE ON ephemeral_messages BEGIN
  DELETE FROM message_search WHERE rowid = -old.seq;
END;

-- The messages stored before this migration.
INSERT INTO message_search (rowid, text)
  SELECT chat_pk * 4294967296 + message_id, t
    FROM (SELECT chat_pk, message_id, coalesce(body ->> '$.text', body ->> '$.caption') AS t FROM messages)
   WHERE t IS NOT NULL;
INSERT INTO message_search (rowid, text)
  SELECT -seq, t
    FROM (SELECT seq, coalesce(body ->> '$.text', body ->> '$.caption') AS t FROM ephemeral_messages)
   WHERE t IS NOT NULL;
