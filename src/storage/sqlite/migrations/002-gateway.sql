-- The Verification Gateway (docs/gateway.md) and people's devices. Money is in integer units
-- (1 credit = 1 000 000 units); times are Unix seconds unless the column says virtual ms.

-- A person's clients. A person without a row has the default device, created on first use (ADR 0011).
CREATE TABLE devices (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id INTEGER NOT NULL,
  name TEXT NOT NULL,
  online INTEGER NOT NULL,
  -- Seconds after a message reaches an online device until it acknowledges receipt.
  receipt_delay INTEGER NOT NULL,
  -- Seconds after receipt until the device reports the message read; NULL: only when the person
  -- reads it (control API).
  read_delay INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX devices_user ON devices (user_id);

-- token_lookup = HMAC-SHA-256(server key, token), for finding the account; signing_key =
-- SHA-256(token), the key of delivery report signatures (ADR 0010). The token itself is not kept.
CREATE TABLE gateway_accounts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_user_id INTEGER NOT NULL,
  token_lookup TEXT NOT NULL UNIQUE,
  signing_key BLOB NOT NULL,
  balance INTEGER NOT NULL CHECK (balance >= 0),
  default_price INTEGER NOT NULL CHECK (default_price >= 0),
  created_at INTEGER NOT NULL
);

-- Price overrides by country calling code (a prefix of the number's digits; the longest wins).
CREATE TABLE gateway_prices (
  account_id INTEGER NOT NULL,
  prefix TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price >= 0),
  PRIMARY KEY (account_id, prefix)
) WITHOUT ROWID;

-- Every top-up (+), charge (-) and refund (+), with the balance it left.
CREATE TABLE gateway_ledger (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL,
  kind TEXT NOT NULL,
  amount INTEGER NOT NULL,
  balance_after INTEGER NOT NULL,
  request_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX gateway_ledger_account ON gateway_ledger (account_id, id);

-- A verification request: made by checkSendAbility (sent_at NULL until a send uses it) or by a send.
CREATE TABLE gateway_requests (
  request_id TEXT PRIMARY KEY,
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
CREATE INDEX gateway_requests_user ON gateway_requests (user_id, delivery_status);

-- Durable gateway work (ADR 0013): 'report' (a delivery report to POST; body is the RequestStatus
-- as of the change) and the timed jobs 'receipt', 'read' (device acknowledgements) and 'expire'.
-- run_at is virtual ms. A job is deleted when done.
CREATE TABLE gateway_jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL,
  request_id TEXT NOT NULL,
  run_at INTEGER NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  body TEXT,
  device_id INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX gateway_jobs_due ON gateway_jobs (run_at);
CREATE INDEX gateway_jobs_request ON gateway_jobs (request_id, kind, id);

-- Every attempt to deliver a report: outcome 'delivered', 'failed' (retried at next_attempt_at) or
-- 'lost' (the last allowed attempt failed).
CREATE TABLE gateway_delivery_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  account_id INTEGER NOT NULL,
  request_id TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  url TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  signature TEXT NOT NULL,
  body TEXT NOT NULL,
  status_code INTEGER,
  error TEXT,
  outcome TEXT NOT NULL,
  next_attempt_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX gateway_delivery_log_account ON gateway_delivery_log (account_id, id);
CREATE INDEX gateway_delivery_log_request ON gateway_delivery_log (request_id, id);

-- Channels verified as senders of verification messages.
CREATE TABLE gateway_channels (
  chat_pk INTEGER PRIMARY KEY,
  verified_at INTEGER NOT NULL
);
