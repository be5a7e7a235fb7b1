/** The webhook delivery log on PostgreSQL (ports/webhook-log.ts). */
import type { PgSql } from '../pg-sql.js';
import type {
  NewWebhookAttempt,
  WebhookAttemptRow,
  WebhookLogReader,
  WebhookLogWriter,
} from '../../ports/webhook-log.js';
import { WEBHOOK_LOG_SQL as SQL } from '../../sql/webhook-log.js';

const COLUMNS = [
  'bot_id',
  'update_id',
  'update_type',
  'queue_key',
  'url',
  'attempt',
  'request_bytes',
  'status_code',
  'error',
  'outcome',
  'duration_ms',
  'created_at',
  'next_attempt_at',
  'payload',
] as const;

/** Rows per INSERT statement. */
const CHUNK = 1000;

export class PgWebhookLog implements WebhookLogReader, WebhookLogWriter {
  constructor(private readonly sql: PgSql) {}

  async listWebhookAttempts(filter: { botId: number; updateId?: number; limit: number }) {
    const rows =
      filter.updateId === undefined
        ? await this.sql.all(SQL.listWebhookAttempts, filter.botId, filter.limit)
        : await this.sql.all(SQL.listWebhookAttemptsOfUpdate, filter.botId, filter.updateId, filter.limit);
    return (rows as unknown as WebhookAttemptRow[]).reverse();
  }
  async getWebhookPayload(botId: number, updateId: number) {
    return (await this.sql.get(SQL.getWebhookPayload, botId, updateId)) as unknown as
      WebhookAttemptRow | undefined;
  }
  /**
   * In a write, each row waits for the transaction's next statement and joins the rows that wait
   * with it, of this write or of the others of its batch (the deliveries of several bots finished
   * in one turn), in one multi-row insert (pg-waiting.ts), as the timeline's events do. Else one
   * statement per `CHUNK` rows, within PostgreSQL's 65535 bound parameters.
   */
  async insertWebhookAttempts(rows: NewWebhookAttempt[]) {
    if (this.sql.write) {
      for (const row of rows)
        await this.sql.insertLater('webhook_attempts', Object.fromEntries(COLUMNS.map((c) => [c, row[c]])));
      return;
    }
    const tuple = `(${COLUMNS.map(() => '?').join(', ')})`;
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK);
      // Answers nothing: in a write, it goes with the next statement.
      await this.sql.runLater(
        'webhook_attempts',
        `INSERT INTO webhook_attempts (${COLUMNS.join(', ')}) VALUES ${chunk.map(() => tuple).join(', ')}`,
        ...chunk.flatMap((row) => COLUMNS.map((column) => row[column])),
      );
    }
  }
  async listWebhookLogBots(afterBotId: number, limit: number) {
    // A loose scan of the (bot_id, id) index: one probe per bot, whatever its rows.
    const rows = await this.sql.all(
      `WITH RECURSIVE b(bot_id, n) AS (
         (SELECT bot_id, 1 FROM webhook_attempts WHERE bot_id > ? ORDER BY bot_id LIMIT 1)
         UNION ALL
         SELECT (SELECT w.bot_id FROM webhook_attempts w WHERE w.bot_id > b.bot_id ORDER BY w.bot_id LIMIT 1),
           b.n + 1
         FROM b WHERE b.bot_id IS NOT NULL AND b.n < ?)
       SELECT bot_id FROM b WHERE bot_id IS NOT NULL`,
      afterBotId,
      limit,
    );
    return rows.map((row) => Number(row.bot_id));
  }
  async pruneWebhookAttempts(botId: number, keep: number, keepPayloads: number) {
    // The newest payload past the ones kept, then every payload of the bot at or below it.
    await this.sql.run(
      `UPDATE webhook_attempts SET payload = NULL
       WHERE bot_id = ? AND payload IS NOT NULL AND id <= (SELECT id FROM webhook_attempts
         WHERE bot_id = ? AND payload IS NOT NULL ORDER BY id DESC LIMIT 1 OFFSET ?)`,
      botId,
      botId,
      keepPayloads,
    );
    return this.sql.run(
      `DELETE FROM webhook_attempts WHERE bot_id = ? AND id <= (SELECT id FROM webhook_attempts
         WHERE bot_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?)`,
      botId,
      botId,
      keep,
    );
  }
}
