/** The webhook delivery log on PostgreSQL (ports/webhook-log.ts). */
import type { PgSql } from '../pg-sql.js';
import type {
  NewWebhookAttempt,
  WebhookAttemptRow,
  WebhookLogReader,
  WebhookLogWriter,
} from '../../ports/webhook-log.js';

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

/** Attempts of each bot ranked newest first. */
const RANKED = `SELECT id, ROW_NUMBER() OVER (PARTITION BY bot_id ORDER BY id DESC) AS rank
  FROM webhook_attempts`;

export class PgWebhookLog implements WebhookLogReader, WebhookLogWriter {
  constructor(private readonly sql: PgSql) {}

  async listWebhookAttempts(filter: { botId: number; updateId?: number; limit: number }) {
    const rows =
      filter.updateId === undefined
        ? await this.sql.all(
            'SELECT * FROM webhook_attempts WHERE bot_id = ? ORDER BY id DESC LIMIT ?',
            filter.botId,
            filter.limit,
          )
        : await this.sql.all(
            'SELECT * FROM webhook_attempts WHERE bot_id = ? AND update_id = ? ORDER BY id DESC LIMIT ?',
            filter.botId,
            filter.updateId,
            filter.limit,
          );
    return (rows as unknown as WebhookAttemptRow[]).reverse();
  }
  async getWebhookPayload(botId: number, updateId: number) {
    return (await this.sql.get(
      `SELECT * FROM webhook_attempts WHERE bot_id = ? AND update_id = ? AND payload IS NOT NULL
       ORDER BY id DESC LIMIT 1`,
      botId,
      updateId,
    )) as unknown as WebhookAttemptRow | undefined;
  }
  /**
   * One statement per `CHUNK` rows of the batch (the rows of one group of finished deliveries),
   * within PostgreSQL's 65535 bound parameters.
   */
  async insertWebhookAttempts(rows: NewWebhookAttempt[]) {
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
  async pruneWebhookAttempts(keep: number, keepPayloads: number) {
    await this.sql.run(
      `UPDATE webhook_attempts SET payload = NULL
       WHERE id IN (SELECT id FROM (${RANKED} WHERE payload IS NOT NULL) ranked WHERE rank > ?)`,
      keepPayloads,
    );
    return this.sql.run(
      `DELETE FROM webhook_attempts WHERE id IN (SELECT id FROM (${RANKED}) ranked WHERE rank > ?)`,
      keep,
    );
  }
}
