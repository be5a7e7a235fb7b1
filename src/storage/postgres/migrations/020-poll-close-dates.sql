-- Polls close on the virtual clock (issue 27, ADR 0073): a poll's close_date (open_period's too: it
-- is stored with one) in a column of its own, so that the closing pass finds the open polls that
-- fell due by an index rather than by reading every poll's JSON.
ALTER TABLE polls ADD COLUMN close_date BIGINT;
UPDATE polls SET close_date = (data::jsonb ->> 'close_date')::bigint WHERE data::jsonb ? 'close_date';
CREATE INDEX polls_open_by_close_date ON polls (close_date) WHERE NOT is_closed AND close_date IS NOT NULL;
