/**
 * The bots' update queues on PostgreSQL (ports/updates.ts). Reads name the port's columns only: the
 * rows also hold the job claims' lease (pg-job-claims.ts).
 */
import type { PgSql } from '../pg-sql.js';
import type { UpdateRow, UpdatesReader, UpdatesWriter } from '../../ports/updates.js';
import { UPDATES_SQL as SQL } from '../../sql/updates.js';

/** The deletes of several bots' delivered updates, waiting in one write, go as one (pg-waiting.ts). */
const DELETE_JOINED =
  'DELETE FROM updates WHERE (bot_id, update_id) IN (SELECT * FROM unnest(?::bigint[], ?::bigint[]))';

export class PgUpdates implements UpdatesReader, UpdatesWriter {
  constructor(private readonly sql: PgSql) {}

  async listUpdates(botId: number, fromId: number, limit: number, nowSec: number) {
    return (await this.sql.all(SQL.listUpdates, botId, fromId, nowSec, limit)) as unknown as UpdateRow[];
  }
  async countUpdates(botId: number) {
    return (await this.sql.get(SQL.countUpdates, botId))!.n as number;
  }
  async listPendingUpdates(botId: number, afterId: number, limit: number) {
    return (await this.sql.all(SQL.listPendingUpdates, botId, afterId, limit)) as unknown as UpdateRow[];
  }
  async nextAttemptAfter(botId: number, afterMs: number) {
    const row = await this.sql.get(SQL.nextAttemptAfter, botId, afterMs);
    return (row?.t as number | null) ?? undefined;
  }
  async insertUpdate(row: UpdateRow) {
    // Its id comes from the bot row's increment: the insert answers nothing a caller needs.
    await this.sql.insertLater('updates', row);
  }
  async deleteUpdate(botId: number, updateId: number) {
    await this.sql.runLater('updates', SQL.deleteUpdate, botId, updateId);
  }
  async deleteUpdates(botId: number, updateIds: readonly number[]) {
    if (updateIds.length === 0) return;
    await this.sql.runLaterJoined('updates', SQL.deleteUpdates.postgres, DELETE_JOINED, botId, updateIds);
  }
  async deleteUpdatesBelow(botId: number, belowId: number) {
    await this.sql.runLater('updates', SQL.deleteUpdatesBelow, botId, belowId);
  }
  async keepLastUpdates(botId: number, keep: number) {
    await this.sql.run(SQL.keepLastUpdates, botId, botId, keep);
  }
  async deleteAllUpdates(botId: number) {
    await this.sql.run(SQL.deleteAllUpdates, botId);
  }
  async deleteExpiredUpdates(nowSec: number, limit?: number) {
    if (limit === undefined) return this.sql.run(SQL.deleteExpiredUpdates, nowSec);
    return this.sql.run(SQL.deleteExpiredUpdatesUpTo, nowSec, limit);
  }
  async recordAttempt(botId: number, updateId: number, attempts: number, nextAttemptAt: number) {
    await this.sql.runLater('updates', SQL.recordAttempt, attempts, nextAttemptAt, botId, updateId);
  }
}
