-- Message search (ADR 0101; storage/ports/message-search.ts): the words of messages' texts and
-- captions in an FTS5 index that keeps no copy of the text (contentless; deletable rows). A message's
-- row is chat_pk * 2^32 + message_id, an ephemeral message's -seq.
--
-- FTS5 writes its pending words out at every savepoint and statement journal, so a trigger that
-- wrote the index itself cost each message a segment of its own (about 170 us a message, measured).
-- Instead the triggers note the message's key in message_search_queue (one small insert, rolled back
-- with its write), and the store moves the queue into the index in batches of 256 at a commit, and
-- whole before a search, after the group's last savepoint (sqlite-store.ts, tables/message-search.ts
-- `drainSearchQueue`). `stale` is 1 when the index may hold an older text of the message (an edit,
-- a deletion).
CREATE VIRTUAL TABLE message_search USING fts5(
  text,
  content = '',
  contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 0'
);

CREATE TABLE message_search_queue (
  key INTEGER PRIMARY KEY,
  stale INTEGER NOT NULL
);

CREATE TRIGGER message_search_insert AFTER INSERT ON messages BEGIN
  INSERT OR IGNORE INTO message_search_queue (key, stale)
    VALUES (new.chat_pk * 4294967296 + new.message_id, 0);
END;

CREATE TRIGGER message_search_update AFTER UPDATE OF body ON messages BEGIN
  INSERT OR REPLACE INTO message_search_queue (key, stale)
    VALUES (new.chat_pk * 4294967296 + new.message_id, 1);
END;

CREATE TRIGGER message_search_delete AFTER DELETE ON messages BEGIN
  INSERT OR REPLACE INTO message_search_queue (key, stale)
    VALUES (old.chat_pk * 4294967296 + old.message_id, 1);
END;

CREATE TRIGGER message_search_ephemeral_insert AFTER INSERT ON ephemeral_messages BEGIN
  INSERT OR IGNORE INTO message_search_queue (key, stale) VALUES (-new.seq, 0);
END;

CREATE TRIGGER message_search_ephemeral_update AFTER UPDATE OF body ON ephemeral_messages BEGIN
  INSERT OR REPLACE INTO message_search_queue (key, stale) VALUES (-new.seq, 1);
END;

CREATE TRIGGER message_search_ephemeral_delete AFTER DELETE ON ephemeral_messages BEGIN
  INSERT OR REPLACE INTO message_search_queue (key, stale) VALUES (-old.seq, 1);
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
