/**
 * The webhook delivery log (ports/webhook-log.ts): one text for both adapters (ADR 0109). Inserts,
 * the list of bots and the pruning differ in how, not in what: they stay in each adapter (SQLite
 * one prepared insert a row and one index probe a bot; PostgreSQL multi-row inserts, a recursive
 * scan and one statement a prune). `LIMIT CAST(? AS BIGINT)`: see sql/messages.ts.
 */
export const WEBHOOK_LOG_SQL = Object.freeze({
  listWebhookAttempts: `SELECT * FROM webhook_attempts WHERE bot_id = ?
    ORDER BY id DESC LIMIT CAST(? AS BIGINT)`,
  listWebhookAttemptsOfUpdate: `SELECT * FROM webhook_attempts WHERE bot_id = ? AND update_id = ?
    ORDER BY id DESC LIMIT CAST(? AS BIGINT)`,
  getWebhookPayload: `SELECT * FROM webhook_attempts WHERE bot_id = ? AND update_id = ? AND payload IS NOT NULL
    ORDER BY id DESC LIMIT 1`,
} as const);
