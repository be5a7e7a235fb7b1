-- Message search (ADR 0101; storage/ports/message-search.ts): GIN indexes over the 'simple'
-- configuration's tsvector (words in any language, lower-cased, no stemming) of a message's text or
-- caption, its punctuation made spaces first (translate) so that words are cut as SQLite's unicode61
-- cuts them ("/start", "bob@example.com" and "a.b" are words of their own for the default parser,
-- and "<b>" a tag it drops). No column: the queries (tables/message-search.ts) spell the expression as it is here, and
-- a message without text or caption indexes as NULL. Creating the indexes reads the messages stored
-- before this migration.
CREATE INDEX messages_search ON messages
  USING gin (to_tsvector('simple', translate(coalesce(body::jsonb ->> 'text', body::jsonb ->> 'caption'), '/.@:_-+~#&?=%<>', '               ')));
CREATE INDEX ephemeral_messages_search ON ephemeral_messages
  USING gin (to_tsvector('simple', translate(coalesce(body::jsonb ->> 'text', body::jsonb ->> 'caption'), '/.@:_-+~#&?=%<>', '               ')));
