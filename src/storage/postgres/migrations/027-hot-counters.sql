-- The bots' and chats' rows hold the counters every message takes (a bot's last update id, a
-- chat's last message id), updated in SERIALIZABLE transactions on several write connections and
-- nodes (ADR 0106). An update that does not fit on its row's page is not HOT: it inserts a new entry
-- into each of the table's indexes, and SERIALIZABLE fails any other transaction that read the
-- index page it lands on (every lookup by primary key locks its leaf page, which holds the keys of
-- hundreds of rows). Pages filled to a fifth leave room for the rows' next versions, so the
-- counters' updates stay HOT and the writers of different bots and chats stop meeting.
ALTER TABLE bots SET (fillfactor = 20);
ALTER TABLE chats SET (fillfactor = 20);
-- Fillfactor applies to pages as they are filled: the rows already there are rewritten now (a
-- type change to the same type with an expression rewrites the table and its indexes, in this
-- transaction; VACUUM FULL and CLUSTER cannot run in a migration's transaction).
ALTER TABLE bots ALTER COLUMN last_update_id TYPE BIGINT USING last_update_id + 0;
ALTER TABLE chats ALTER COLUMN last_message_id TYPE BIGINT USING last_message_id + 0;
