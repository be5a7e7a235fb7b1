-- The Stars ledger and payments (src/platform/payments/, ports/stars.ts, ports/payments.ts, ADR 0043).
-- Amounts of Stars are integers of nanostars (1 Star = 1 000 000 000); a balance never goes below
-- zero (the CHECK backs the platform's conditional debit).
CREATE TABLE star_balances (
  owner_id INTEGER PRIMARY KEY,
  nanos INTEGER NOT NULL CHECK (nanos >= 0)
);

-- One row per owner per movement: a transfer writes the payer's outgoing row and the receiver's
-- incoming row in the write that moves the balances. `id` is the transaction id (a payment's
-- telegram_payment_charge_id; its refund shares it, in the other direction).
CREATE TABLE star_transactions (
  pk INTEGER PRIMARY KEY AUTOINCREMENT,
  owner_id INTEGER NOT NULL,
  id TEXT NOT NULL,
  direction TEXT NOT NULL CHECK (direction IN ('in', 'out')),
  nanos INTEGER NOT NULL CHECK (nanos >= 0),
  partner TEXT NOT NULL,
  date INTEGER NOT NULL,
  UNIQUE (owner_id, id, direction)
);
CREATE INDEX star_transactions_owner ON star_transactions (owner_id, pk);

-- Invoices sent with sendInvoice (chat_pk, message_id: the message) or made with createInvoiceLink.
CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  bot_id INTEGER NOT NULL,
  data TEXT NOT NULL,
  chat_pk INTEGER,
  message_id INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX invoices_message ON invoices (chat_pk, message_id);

-- Shipping and pre-checkout queries: what a bot is asked while a person pays, and its answer.
CREATE TABLE payment_queries (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  bot_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  invoice_id TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  answered_at INTEGER,
  answer TEXT
);

-- Successful payments, one row per charge: the charge id is the primary key, so a charge is made once.
CREATE TABLE payments (
  charge_id TEXT PRIMARY KEY,
  bot_id INTEGER NOT NULL,
  user_id INTEGER NOT NULL,
  invoice_id TEXT NOT NULL,
  currency TEXT NOT NULL,
  total_amount INTEGER NOT NULL,
  provider_charge_id TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  refunded_at INTEGER,
  -- Subscriptions (subscription_period): the end of the period paid for, and whether the bot
  -- cancelled its extension (editUserStarSubscription; 0 or 1).
  subscription_period INTEGER,
  expires_at INTEGER,
  is_canceled INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX payments_bot_user ON payments (bot_id, user_id);

-- Subscription invite links of channels (createChatSubscriptionInviteLink): the price a person pays
-- to join, in Stars, every period (seconds); the link itself is a row of chat_invite_links.
CREATE TABLE chat_subscription_links (
  link TEXT PRIMARY KEY,
  subscription_period INTEGER NOT NULL,
  subscription_price INTEGER NOT NULL
);
