/** The bots' update queues on SQLite (ports/updates.ts). */
import { type SqlStatements } from '../sql-statements.js';
import { UPDATES_SQL as SQL } from '../../sql/updates.js';
import { type UpdateRow, type UpdatesReader, type UpdatesWriter } from '../../ports/updates.js';

export class SqliteUpdates implements UpdatesReader, UpdatesWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async listUpdates(botId: number, fromId: number, limit: number, nowSec: number) {
    return this.#sql.all(SQL.listUpdates, botId, fromId, nowSec, limit) as unknown as UpdateRow[];
  }
  async countUpdates(botId: number) {
    return this.#sql.get(SQL.countUpdates, botId)!.n as number;
  }
  async listPendingUpdates(botId: number, afterId: number, limit: number) {
    return this.#sql.all(SQL.listPendingUpdates, botId, afterId, limit) as unknown as UpdateRow[];
  }
  async nextAttemptAfter(botId: number, afterMs: number) {
    const row = this.#sql.get(SQL.nextAttemptAfter, botId, afterMs);
    return (row?.t as number | null) ?? undefined;
  }
  async insertUpdate(row: UpdateRow) {
    this.#sql.insert('updates', row);
  }
  async deleteUpdate(botId: number, updateId: number) {
    this.#sql.run(SQL.deleteUpdate, botId, updateId);
  }
  async deleteUpdates(botId: number, updateIds: readonly number[]) {
    if (updateIds.length === 0) return;
    // One statement for any count (a list of `?` would prepare one per count).
    this.#sql.run(SQL.deleteUpdates.sqlite, botId, JSON.stringify(updateIds));
  }
  async deleteUpdatesBelow(botId: number, belowId: number) {
    this.#sql.run(SQL.deleteUpdatesBelow, botId, belowId);
  }
  async keepLastUpdates(botId: number, keep: number) {
    this.#sql.run(SQL.keepLastUpdates, botId, botId, keep);
  }
  async deleteAllUpdates(botId: number) {
    this.#sql.run(SQL.deleteAllUpdates, botId);
  }
  async deleteExpiredUpdates(nowSec: number, limit?: number) {
    if (limit === undefined) return this.#sql.run(SQL.deleteExpiredUpdates, nowSec).changes;
    return this.#sql.run(SQL.deleteExpiredUpdatesUpTo, nowSec, limit).changes;
  }
  async recordAttempt(botId: number, updateId: number, attempts: number, nextAttemptAt: number) {
    this.#sql.run(SQL.recordAttempt, attempts, nextAttemptAt, botId, updateId);
  }
}
