-- Message search off sendMessage's hot path (ADR 0101, addendum "indexed from a watermark"): a new
-- message no longer writes a queue row. Its chat's watermark, the highest message id the index holds
-- for it, says what is left to index; the store indexes the chats it saw new messages in from their
-- watermarks in the background, in batches, and a search brings the chats it reads up to date first
-- (tables/message-search.ts). The watermark of chat_pk 0 is the highest ephemeral message `seq`
-- indexed (chat pks start at 1). Edits and deletions, rare, keep their triggers and the queue.
--
-- The queue of 037 may still hold keys (new messages not indexed yet, edits, deletions): they are
-- moved into the index here, as 037 moved them, so that every message stored is indexed, and each
-- chat's watermark starts at its newest message.
DROP TRIGGER message_search_insert;
DROP TRIGGER message_search_ephemeral_insert;

CREATE TABLE message_search_indexed (
  chat_pk INTEGER PRIMARY KEY,
  message_id INTEGER NOT NULL
);

DELETE FROM message_search WHERE rowid IN (SELECT key FROM message_search_queue WHERE stale = 1);
INSERT INTO message_search (rowid, text)
  SELECT key, text FROM (
    SELECT q.key, coalesce(m.body ->> '$.text', m.body ->> '$.caption') AS text
      FROM message_search_queue q
      JOIN messages m ON m.chat_pk = (q.key >> 32) AND m.message_id = (q.key & 4294967295)
     WHERE q.key > 0
    UNION ALL
    SELECT q.key, coalesce(e.body ->> '$.text', e.body ->> '$.caption')
      FROM message_search_queue q JOIN ephemeral_messages e ON e.seq = -q.key
     WHERE q.key < 0)
   WHERE text IS NOT NULL;
DELETE FROM message_search_queue;

INSERT INTO message_search_indexed (chat_pk, message_id)
  SELECT chat_pk, max(message_id) FROM messages GROUP BY chat_pk;
INSERT INTO message_search_indexed (chat_pk, message_id)
  SELECT 0, max(seq) FROM ephemeral_messages HAVING max(seq) IS NOT NULL;
