-- Message search off sendMessage's hot path (ADR 0101, addendum "new messages indexed from a
-- watermark"): a new message no longer writes a queue row. Its chat's watermark, the highest message
-- id the index holds for it, says what is left to index; the store indexes the chats it saw new
-- messages in from their watermarks in the background, in batches, and a search brings the chats it
-- reads up to date first (tables/message-search.ts). The watermark of chat_pk 0 is the highest
-- ephemeral message `seq` indexed (chat pks start at 1). Edits and deletions, rare, keep their
-- triggers and the queue.
--
-- The index is made again with `detail = none`: it keeps which rows hold a word, not where, which
-- is all a search of word prefixes that must all be present reads (no phrases), and it costs a
-- message's indexing about a third less (measured). So what 037's index and queue held is replaced
-- by the texts the messages hold now, and each chat's watermark starts at its newest message.
DROP TRIGGER message_search_insert;
DROP TRIGGER message_search_ephemeral_insert;
DROP TABLE message_search;
DELETE FROM message_search_queue;

CREATE VIRTUAL TABLE message_search USING fts5(
  text,
  content = '',
  contentless_delete = 1,
  detail = none,
  tokenize = 'unicode61 remove_diacritics 0'
);

CREATE TABLE message_search_indexed (
  chat_pk INTEGER PRIMARY KEY,
  message_id INTEGER NOT NULL
);

INSERT INTO message_search (rowid, text)
  SELECT chat_pk * 4294967296 + message_id, t
    FROM (SELECT chat_pk, message_id, coalesce(body ->> '$.text', body ->> '$.caption') AS t FROM messages)
   WHERE t IS NOT NULL;
INSERT INTO message_search (rowid, text)
  SELECT -seq, t
    FROM (SELECT seq, coalesce(body ->> '$.text', body ->> '$.caption') AS t FROM ephemeral_messages)
   WHERE t IS NOT NULL;

INSERT INTO message_search_indexed (chat_pk, message_id)
  SELECT chat_pk, max(message_id) FROM messages GROUP BY chat_pk;
INSERT INTO message_search_indexed (chat_pk, message_id)
  SELECT 0, max(seq) FROM ephemeral_messages HAVING max(seq) IS NOT NULL;
