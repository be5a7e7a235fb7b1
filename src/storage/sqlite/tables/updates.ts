/** The bots' update queues on SQLite (ports/updates.ts). */
import { LIMIT_PARAM, type SqlStatements } from '../sql-statements.js';
import { type UpdateRow, type UpdatesReader, type UpdatesWriter } from '../../ports/updates.js';

export class SqliteUpdates implements UpdatesReader, UpdatesWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async listUpdates(botId: number, fromId: number, limit: number, nowSec: number) {
    return this.#sql.all(
      `SELECT * FROM updates WHERE bot_id = ? AND update_id >= ? AND expires_at > ?
       ORDER BY update_id LIMIT ${LIMIT_PARAM}`,
      botId,
      fromId,
      nowSec,
      limit,
    ) as unknown as UpdateRow[];
  }
  async countUpdates(botId: number) {
    return this.#sql.get('SELECT count(*) AS n FROM updates WHERE bot_id = ?', botId)!.n as number;
  }
  async listPendingUpdates(botId: number, afterId: number, limit: number) {
    return this.#sql.all(
      `SELECT * FROM updates WHERE bot_id = ? AND update_id > ? ORDER BY update_id LIMIT ${LIMIT_PARAM}`,
      botId,
      afterId,
      limit,
    ) as unknown as UpdateRow[];
  }
  async nextAttemptAfter(botId: number, afterMs: number) {
    const row = this.#sql.get(
      'SELECT min(next_attempt_at) AS t FROM updates WHERE bot_id = ? AND next_attempt_at > ?',
      botId,
      afterMs,
    );
    return (row?.t as number | null) ?? undefined;
  }
  async insertUpdate(row: UpdateRow) {
    this.#sql.insert('updates', row);
  }
  async deleteUpdate(botId: number, updateId: number) {
    this.#sql.run('DELETE FROM updates WHERE bot_id = ? AND update_id = ?', botId, updateId);
  }
  async deleteUpdates(botId: number, updateIds: readonly number[]) {
    if (updateIds.length === 0) return;
    // One statement for any count (a list of `?` would prepare one per count).
    this.#sql.run(
      'DELETE FROM updates WHERE bot_id = ? AND update_id IN (SELECT value FROM json_each(?))',
      botId,
      JSON.stringify(updateIds),
    );
  }
  async deleteUpdatesBelow(botId: number, belowId: number) {
    this.#sql.run('DELETE FROM updates WHERE bot_id = ? AND update_id < ?', botId, belowId);
  }
  async keepLastUpdates(botId: number, keep: number) {
    this.#sql.run(
      `DELETE FROM updates WHERE bot_id = ? AND update_id NOT IN
       (SELECT update_id FROM updates WHERE bot_id = ? ORDER BY update_id DESC LIMIT ${LIMIT_PARAM})`,
      botId,
      botId,
      keep,
    );
  }
  async deleteAllUpdates(botId: number) {
    this.#sql.run('DELETE FROM updates WHERE bot_id = ?', botId);
  }
  async deleteExpiredUpdates(nowSec: number, limit?: number) {
    if (limit === undefined)
      return this.#sql.run('DELETE FROM updates WHERE expires_at <= ?', nowSec).changes;
    // A range of the expiry index, then those rows by their key.
    return this.#sql.run(
      `DELETE FROM updates WHERE (bot_id, update_id) IN (SELECT bot_id, update_id FROM updates
       WHERE expires_at <= ? ORDER BY expires_at LIMIT ${LIMIT_PARAM})`,
      nowSec,
      limit,
    ).changes;
  }
  async recordAttempt(botId: number, updateId: number, attempts: number, nextAttemptAt: number) {
    this.#sql.run(
      'UPDATE updates SET attempts = ?, next_attempt_at = ? WHERE bot_id = ? AND update_id = ?',
      attempts,
      nextAttemptAt,
      botId,
      updateId,
    );
  }
}
