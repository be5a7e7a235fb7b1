/** Inline queries and inline messages on SQLite (ports/inline.ts). */
import { type Row, type SqlStatements } from '../sql-statements.js';
import { INLINE_SQL as SQL } from '../../sql/inline.js';
import {
  type InlineMessageRow,
  type InlineQueryRow,
  type InlineReader,
  type InlineWriter,
} from '../../ports/inline.js';

function toInlineQuery(row: Row | undefined): InlineQueryRow | undefined {
  return row ? ({ ...row, is_personal: row.is_personal === 1 } as unknown as InlineQueryRow) : undefined;
}

export class SqliteInline implements InlineReader, InlineWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getInlineQuery(id: string) {
    return toInlineQuery(this.#sql.get(SQL.getInlineQuery, id));
  }
  async findCachedInlineAnswer(botId: number, query: string, offset: string, userId: number, nowSec: number) {
    return toInlineQuery(this.#sql.get(SQL.findCachedInlineAnswer, botId, query, offset, nowSec, userId));
  }
  async getInlineMessage(id: string) {
    return this.#sql.get(SQL.getInlineMessage, id) as InlineMessageRow | undefined;
  }
  async insertInlineQuery(row: InlineQueryRow) {
    this.#sql.insert('inline_queries', row);
  }
  async answerInlineQuery(
    id: string,
    answer: { answer: string; answered_at: number; cache_until: number; is_personal: boolean },
  ) {
    const result = this.#sql.run(
      SQL.answerInlineQuery,
      answer.answer,
      answer.answered_at,
      answer.cache_until,
      answer.is_personal ? 1 : 0,
      id,
    );
    return result.changes === 1;
  }
  async deleteInlineQueriesBefore(beforeSec: number) {
    return this.#sql.run(SQL.deleteInlineQueriesBefore, beforeSec).changes;
  }
  async insertInlineMessage(row: InlineMessageRow) {
    this.#sql.insert('inline_messages', row);
  }
}
