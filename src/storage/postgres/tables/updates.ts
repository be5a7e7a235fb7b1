/**
 * The bots' update queues on PostgreSQL (ports/updates.ts). Reads name the port's columns only: the
 * rows also hold the job claims' lease (pg-job-claims.ts).
 */
import type { PgSql } from '../pg-sql.js';
import type { UpdateRow, UpdatesReader, UpdatesWriter } from '../../ports/updates.js';

const UPDATE =
  'bot_id, update_id, type, payload, queue_key, created_at, expires_at, attempts, next_attempt_at';

export class PgUpdates implements UpdatesReader, UpdatesWriter {
  constructor(private readonly sql: PgSql) {}

  async listUpdates(botId: number, fromId: number, limit: number, nowSec: number) {
    return (await this.sql.all(
      `SELECT ${UPDATE} FROM updates WHERE bot_id = ? AND update_id >= ? AND expires_at > ?
       ORDER BY update_id LIMIT ?`,
      botId,
      fromId,
      nowSec,
      limit,
    )) as unknown as UpdateRow[];
  }
  async countUpdates(botId: number) {
    return (await this.sql.get('SELECT count(*) AS n FROM updates WHERE bot_id = ?', botId))!.n as number;
  }
  async listPendingUpdates(botId: number, afterId: number, limit: number) {
    return (await this.sql.all(
      `SELECT ${UPDATE} FROM updates WHERE bot_id = ? AND update_id > ? ORDER BY update_id LIMIT ?`,
      botId,
      afterId,
      limit,
    )) as unknown as UpdateRow[];
  }
  async nextAttemptAfter(botId: number, afterMs: number) {
    const row = await this.sql.get(
      'SELECT min(next_attempt_at) AS t FROM updates WHERE bot_id = ? AND next_attempt_at > ?',
      botId,
      afterMs,
    );
    return (row?.t as number | null) ?? undefined;
  }
  async insertUpdate(row: UpdateRow) {
    // Its id comes from the bot row's increment: the insert answers nothing a caller needs.
    await this.sql.insertLater('updates', row);
  }
  async deleteUpdate(botId: number, updateId: number) {
    await this.sql.runLater(
      'updates',
      'DELETE FROM updates WHERE bot_id = ? AND update_id = ?',
      botId,
      updateId,
    );
  }
  async deleteUpdates(botId: number, updateIds: readonly number[]) {
    if (updateIds.length === 0) return;
    await this.sql.runLater(
      'updates',
      'DELETE FROM updates WHERE bot_id = ? AND update_id = ANY(?::bigint[])',
      botId,
      updateIds,
    );
  }
  async deleteUpdatesBelow(botId: number, belowId: number) {
    await this.sql.runLater(
      'updates',
      'DELETE FROM updates WHERE bot_id = ? AND update_id < ?',
      botId,
      belowId,
    );
  }
  async keepLastUpdates(botId: number, keep: number) {
    await this.sql.run(
      `DELETE FROM updates WHERE bot_id = ? AND update_id NOT IN
       (SELECT update_id FROM updates WHERE bot_id = ? ORDER BY update_id DESC LIMIT ?)`,
      botId,
      botId,
      keep,
    );
  }
  async deleteAllUpdates(botId: number) {
    await this.sql.run('DELETE FROM updates WHERE bot_id = ?', botId);
  }
  async deleteExpiredUpdates(nowSec: number, limit?: number) {
    if (limit === undefined) return this.sql.run('DELETE FROM updates WHERE expires_at <= ?', nowSec);
    return this.sql.run(
      `DELETE FROM updates WHERE (bot_id, update_id) IN (SELECT bot_id, update_id FROM updates
       WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)`,
      nowSec,
      limit,
    );
  }
  async recordAttempt(botId: number, updateId: number, attempts: number, nextAttemptAt: number) {
    await this.sql.runLater(
      'updates',
      'UPDATE updates SET attempts = ?, next_attempt_at = ? WHERE bot_id = ? AND update_id = ?',
      attempts,
      nextAttemptAt,
      botId,
      updateId,
    );
  }
}
