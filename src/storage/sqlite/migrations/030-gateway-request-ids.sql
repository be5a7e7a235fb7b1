-- request_ids from seq (ADR 0015): a new request's id is 10^14 + P(seq), P a keyed permutation
-- (gateway/request-id-permutation.ts), so the adapter finds a request by computing its seq, and the
-- unique index of random request_ids goes: it was the one random-key index a send still wrote (a
-- leaf page of its own per send at commit and again at checkpoint). The key is 16 bytes the adapter
-- makes with the system's CSPRNG when it first opens the database (one row, never changed).
CREATE TABLE gateway_request_id_key (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  key BLOB NOT NULL CHECK (length(key) = 16)
);

-- Requests whose id is not P(seq): those made before this migration, and any id the platform gives
-- that the adapter did not make. Unique, as before; a made id that equals one of these is refused.
CREATE TABLE gateway_request_other_ids (
  request_id TEXT PRIMARY KEY,
  seq INTEGER NOT NULL
) WITHOUT ROWID;
INSERT INTO gateway_request_other_ids (request_id, seq) SELECT request_id, seq FROM gateway_requests;

-- The table again without UNIQUE on request_id (SQLite cannot drop a constraint's index).
CREATE TABLE gateway_requests_new (
  seq INTEGER PRIMARY KEY,
  request_id TEXT NOT NULL,
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
SELECT seq, request_id, account_id, user_id, phone_number, cost, is_refunded, created_at, sent_at,
  chat_pk, message_id, sender_chat_pk, code_hash, code_expires_at, attempts, delivery_status,
  delivery_updated_at, verification_status, verification_updated_at, code_entered, callback_url,
  payload, ttl
FROM gateway_requests ORDER BY seq;
DROP TABLE gateway_requests;
ALTER TABLE gateway_requests_new RENAME TO gateway_requests;
CREATE INDEX gateway_requests_user ON gateway_requests (user_id, delivery_status);
