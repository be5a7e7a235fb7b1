-- Every charged send writes a ledger entry. With AUTOINCREMENT each insert also updates the table's
-- row in sqlite_sequence (about 1.3 µs of the entry's 5 µs, ADR 0015). Ledger entries are never
-- deleted, so a plain INTEGER PRIMARY KEY (the largest id + 1) hands out the same ids, a rolled-back
-- entry's id included. The index by account stays: it is appended to (ids increase) and is what
-- `parley gateway account ledger` reads.
CREATE TABLE gateway_ledger_new (
  id INTEGER PRIMARY KEY,
  account_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  amount INTEGER NOT NULL,
  balance_after INTEGER NOT NULL,
  request_id TEXT,
  created_at INTEGER NOT NULL
);
INSERT INTO gateway_ledger_new (id, account_id, kind, amount, balance_after, request_id, created_at)
SELECT id, account_id, kind, amount, balance_after, request_id, created_at FROM gateway_ledger ORDER BY id;
DROP TABLE gateway_ledger;
ALTER TABLE gateway_ledger_new RENAME TO gateway_ledger;
CREATE INDEX gateway_ledger_account ON gateway_ledger (account_id, id);
