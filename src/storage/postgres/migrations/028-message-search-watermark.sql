-- Message search off the message insert (ADR 0101, addendum "a search's catch-up in chunks;
-- PostgreSQL's messages indexed from a watermark too"): 026's GIN index over an expression of `messages` cost each inserted message a JSON
-- parse, a tsvector and its GIN entries in the insert's own transaction. Now a message's tsvector
-- is a row of `message_search`, put there later: each chat's watermark (`message_search_indexed`)
-- is the highest message id the table holds for it, and the store indexes what lies above it in
-- chunks, when it is quiet and for the chats a search reads before it reads them
-- (tables/message-search.ts). Edits and deletions, rare, write the table by trigger. Ephemeral
-- messages keep 026's index (their `seq` is not in commit order, so no watermark of theirs).
--
-- The triggers come first: creating them locks `messages` against writes until this migration
-- commits, so the rows and watermarks below are made from every message there will be below them.
CREATE TABLE message_search (
  chat_pk BIGINT NOT NULL,
  message_id BIGINT NOT NULL,
  words TSVECTOR NOT NULL,
  PRIMARY KEY (chat_pk, message_id)
);

CREATE TABLE message_search_indexed (
  chat_pk BIGINT PRIMARY KEY,
  message_id BIGINT NOT NULL
);

-- An edit puts the message's new words in, even above the watermark: an indexing statement that
-- read the old text inserts with ON CONFLICT DO NOTHING and cannot put them back. A text taken
-- away leaves an empty tsvector, for the same reason.
CREATE FUNCTION message_search_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO message_search (chat_pk, message_id, words)
  VALUES (NEW.chat_pk, NEW.message_id, coalesce(
    to_tsvector('simple', translate(coalesce(NEW.body::jsonb ->> 'text', NEW.body::jsonb ->> 'caption'), '/.@:_-+~#&?=%<>', '               ')),
    ''::tsvector))
  ON CONFLICT (chat_pk, message_id) DO UPDATE SET words = excluded.words;
  RETURN NULL;
END
$$;

CREATE FUNCTION message_search_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM message_search WHERE chat_pk = OLD.chat_pk AND message_id = OLD.message_id;
  RETURN NULL;
END
$$;

CREATE TRIGGER message_search_edit AFTER UPDATE OF body ON messages
  FOR EACH ROW WHEN (OLD.body IS DISTINCT FROM NEW.body) EXECUTE FUNCTION message_search_edited();
CREATE TRIGGER message_search_delete AFTER DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION message_search_deleted();

INSERT INTO message_search (chat_pk, message_id, words)
  SELECT chat_pk, message_id, to_tsvector('simple', translate(t, '/.@:_-+~#&?=%<>', '               '))
    FROM (SELECT chat_pk, message_id, coalesce(body::jsonb ->> 'text', body::jsonb ->> 'caption') AS t FROM messages) m
   WHERE t IS NOT NULL;
INSERT INTO message_search_indexed (chat_pk, message_id)
  SELECT chat_pk, max(message_id) FROM messages GROUP BY chat_pk;

CREATE INDEX message_search_words ON message_search USING gin (words);
DROP INDEX messages_search;
