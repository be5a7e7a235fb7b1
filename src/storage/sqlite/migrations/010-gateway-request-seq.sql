-- Jobs refer to their request by an increasing integer instead of its random request_id (ADR 0015).
-- An index keyed by a random value costs an insert about 20 µs (each row dirties another leaf page,
-- which goes to the WAL at commit) against about 4 µs for an increasing key, and every send writes
-- a job. gateway_requests gets an explicit integer key, `seq` (its old rowid, which VACUUM may
-- renumber unless it is a declared INTEGER PRIMARY KEY); request_id stays unique. Requests are
-- never deleted, so no AUTOINCREMENT is needed for a seq never to be reused.
CREATE TABLE gateway_requests_new (
  seq INTEGER PRIMARY KEY,
  request_id TEXT NOT NULL UNIQUE,
  account_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  phone_number TEXT NOT NULL,
  cost INTEGER NOT NULL,
  is_refunded INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  sent_at INTEGER,
  chat_pk INTEGER,
  message_id INTEGER,
  sender_chat_pk INTEGER,
  -- HMAC-SHA-256(server key, request_id:code); the code itself is never stored.
  code_hash TEXT,
  -- Virtual ms at which the code stops being accepted.
  code_expires_at INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  delivery_status TEXT,
  delivery_updated_at INTEGER,
  verification_status TEXT,
  verification_updated_at INTEGER,
  code_entered TEXT,
  callback_url TEXT,
  payload TEXT,
  ttl INTEGER
);
INSERT INTO gateway_requests_new (seq, request_id, account_id, user_id, phone_number, cost,
  is_refunded, created_at, sent_at, chat_pk, message_id, sender_chat_pk, code_hash, code_expires_at,
  attempts, delivery_status, delivery_updated_at, verification_status, verification_updated_at,
  code_entered, callback_url, payload, ttl)
SELECT rowid, request_id, account_id, user_id, phone_number, cost, is_refunded, created_at, sent_at,
  chat_pk, message_id, sender_chat_pk, code_hash, code_expires_at, attempts, delivery_status,
  delivery_updated_at, verification_status, verification_updated_at, code_entered, callback_url,
  payload, ttl
FROM gateway_requests ORDER BY rowid;
DROP TABLE gateway_requests;
ALTER TABLE gateway_requests_new RENAME TO gateway_requests;
CREATE INDEX gateway_requests_user ON gateway_requests (user_id, delivery_status);

-- request_seq is the job's request (gateway_requests.seq); request_id is kept beside it so that
-- reading a job needs no join. A job without a request did nothing when it ran (it was deleted), so
-- none is copied. The AUTOINCREMENT counter is carried over: a job id is never used twice.
CREATE TABLE gateway_jobs_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  request_seq INTEGER NOT NULL,
  request_id TEXT NOT NULL,
  run_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  body TEXT,
  device_id INTEGER,
  created_at INTEGER NOT NULL
);
INSERT INTO sqlite_sequence (name, seq)
SELECT 'gateway_jobs_new', seq FROM sqlite_sequence WHERE name = 'gateway_jobs';
INSERT INTO gateway_jobs_new (id, kind, request_seq, request_id, run_at, attempts, body, device_id,
  created_at)
SELECT j.id, j.kind, r.seq, j.request_id, j.run_at, j.attempts, j.body, j.device_id, j.created_at
FROM gateway_jobs j JOIN gateway_requests r ON r.request_id = j.request_id ORDER BY j.id;
DROP TABLE gateway_jobs;
ALTER TABLE gateway_jobs_new RENAME TO gateway_jobs;
CREATE INDEX gateway_jobs_request ON gateway_jobs (request_seq, kind, id);
CREATE INDEX gateway_jobs_timed_due ON gateway_jobs (run_at, id) WHERE kind <> 'report';
CREATE INDEX gateway_jobs_report_due ON gateway_jobs (run_at, id) WHERE kind = 'report';
