/** Inline queries and inline messages on PostgreSQL (ports/inline.ts). */
import type { PgSql } from '../pg-sql.js';
import { INLINE_SQL as SQL } from '../../sql/inline.js';
import type { InlineMessageRow, InlineQueryRow, InlineReader, InlineWriter } from '../../ports/inline.js';

export class PgInline implements InlineReader, InlineWriter {
  constructor(private readonly sql: PgSql) {}

  async getInlineQuery(id: string) {
    return (await this.sql.get(SQL.getInlineQuery, id)) as InlineQueryRow | undefined;
  }
  async findCachedInlineAnswer(botId: number, query: string, offset: string, userId: number, nowSec: number) {
    return (await this.sql.get(SQL.findCachedInlineAnswer, botId, query, offset, nowSec, userId)) as
      InlineQueryRow | undefined;
  }
  async getInlineMessage(id: string) {
    return (await this.sql.get(SQL.getInlineMessage, id)) as InlineMessageRow | undefined;
  }
  async insertInlineQuery(row: InlineQueryRow) {
    await this.sql.insert('inline_queries', row);
  }
  async answerInlineQuery(
    id: string,
    answer: { answer: string; answered_at: number; cache_until: number; is_personal: boolean },
  ) {
    const changes = await this.sql.run(
      SQL.answerInlineQuery,
      answer.answer,
      answer.answered_at,
      answer.cache_until,
      answer.is_personal,
      id,
    );
    return changes === 1;
  }
  async deleteInlineQueriesBefore(beforeSec: number) {
    return this.sql.run(SQL.deleteInlineQueriesBefore, beforeSec);
  }
  async insertInlineMessage(row: InlineMessageRow) {
    await this.sql.insert('inline_messages', row);
  }
}
