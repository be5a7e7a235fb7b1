/** The webhook delivery log on SQLite (ports/webhook-log.ts). */
import { LIMIT_PARAM, type SqlStatements } from '../sql-statements.js';
import type {
  NewWebhookAttempt,
  WebhookAttemptRow,
  WebhookLogReader,
  WebhookLogWriter,
} from '../../ports/webhook-log.js';
import { WEBHOOK_LOG_SQL as SQL } from '../../sql/webhook-log.js';

/** One attempt's insert, written out once: the worker logs every delivery (the hot path). */
const INSERT = `INSERT INTO webhook_attempts (bot_id, update_id, update_type, queue_key, url, attempt,
  request_bytes, status_code, error, outcome, duration_ms, created_at, next_attempt_at, payload)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

export class SqliteWebhookLog implements WebhookLogReader, WebhookLogWriter {
  constructor(private readonly sql: SqlStatements) {}

  async listWebhookAttempts(filter: { botId: number; updateId?: number; limit: number }) {
    const rows =
      filter.updateId === undefined
        ? this.sql.all(SQL.listWebhookAttempts, filter.botId, filter.limit)
        : this.sql.all(SQL.listWebhookAttemptsOfUpdate, filter.botId, filter.updateId, filter.limit);
    return (rows as unknown as WebhookAttemptRow[]).reverse();
  }
  async getWebhookPayload(botId: number, updateId: number) {
    return this.sql.get(SQL.getWebhookPayload, botId, updateId) as unknown as WebhookAttemptRow | undefined;
  }
  async insertWebhookAttempts(rows: NewWebhookAttempt[]) {
    const insert = this.sql.stmt(INSERT);
    for (const r of rows) {
      insert.run(
        r.bot_id,
        r.update_id,
        r.update_type,
        r.queue_key,
        r.url,
        r.attempt,
        r.request_bytes,
        r.status_code,
        r.error,
        r.outcome,
        r.duration_ms,
        r.created_at,
        r.next_attempt_at,
        r.payload,
      );
    }
  }
  async listWebhookLogBots(afterBotId: number, limit: number) {
    // One probe of the (bot_id, id) index per bot: the next bot id, whatever its rows.
    const bots: number[] = [];
    let after = afterBotId;
    while (bots.length < limit) {
      const row = this.sql.get(
        'SELECT bot_id FROM webhook_attempts WHERE bot_id > ? ORDER BY bot_id LIMIT 1',
        after,
      );
      if (!row) break;
      after = row.bot_id as number;
      bots.push(after);
    }
    return bots;
  }
  async pruneWebhookAttempts(botId: number, keep: number, keepPayloads: number) {
    // The newest payload past the ones kept, then every payload of the bot at or below it.
    const payloadEdge = this.sql.get(
      `SELECT id FROM webhook_attempts WHERE bot_id = ? AND payload IS NOT NULL
       ORDER BY id DESC LIMIT 1 OFFSET ${LIMIT_PARAM}`,
      botId,
      keepPayloads,
    );
    if (payloadEdge) {
      this.sql.run(
        'UPDATE webhook_attempts SET payload = NULL WHERE bot_id = ? AND id <= ? AND payload IS NOT NULL',
        botId,
        payloadEdge.id,
      );
    }
    const edge = this.sql.get(
      `SELECT id FROM webhook_attempts WHERE bot_id = ? ORDER BY id DESC LIMIT 1 OFFSET ${LIMIT_PARAM}`,
      botId,
      keep,
    );
    if (!edge) return 0;
    return this.sql.run('DELETE FROM webhook_attempts WHERE bot_id = ? AND id <= ?', botId, edge.id).changes;
  }
}
