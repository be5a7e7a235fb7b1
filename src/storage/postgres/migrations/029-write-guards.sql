-- Write guards (ports/settings.ts guardWrite, ADR 0129): a write whose decision rests on rows that
-- another write may change at the same time, with no row both change, upserts the slot of what it
-- decides on; two such writes at once then meet on that row as a conflict, and one runs again.
-- Keys hash to 4,096 slots, so the table never grows past them.
CREATE TABLE write_guards (
  slot integer PRIMARY KEY,
  n bigint NOT NULL DEFAULT 0
);
