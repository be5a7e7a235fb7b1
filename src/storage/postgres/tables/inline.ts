/** Inline queries and inline messages on PostgreSQL (ports/inline.ts). */
import type { PgSql } from '../pg-sql.js';
import type { InlineMessageRow, InlineQueryRow, InlineReader, InlineWriter } from '../../ports/inline.js';

export class PgInline implements InlineReader, InlineWriter {
  constructor(private readonly sql: PgSql) {}

  async getInlineQuery(id: string) {
    return (await this.sql.get('SELECT * FROM inline_queries WHERE id = ?', id)) as
      InlineQueryRow | undefined;
  }
  async findCachedInlineAnswer(botId: number, query: string, offset: string, userId: number, nowSec: number) {
    // NULLS LAST: as SQLite orders NULL below every value (only answered rows have a cache_until).
    return (await this.sql.get(
      `SELECT * FROM inline_queries WHERE bot_id = ? AND query = ? AND query_offset = ? AND cache_until > ?
       AND (NOT is_personal OR user_id = ?)
       ORDER BY answered_at DESC NULLS LAST, created_at DESC, id DESC LIMIT 1`,
      botId,
      query,
      offset,
      nowSec,
      userId,
    )) as InlineQueryRow | undefined;
  }
  async getInlineMessage(id: string) {
    return (await this.sql.get('SELECT * FROM inline_messages WHERE id = ?', id)) as
      InlineMessageRow | undefined;
  }
  async insertInlineQuery(row: InlineQueryRow) {
    await this.sql.insert('inline_queries', row);
  }
  async answerInlineQuery(
    id: string,
    answer: { answer: string; answered_at: number; cache_until: number; is_personal: boolean },
  ) {
    const changes = await this.sql.run(
      `UPDATE inline_queries SET answer = ?, answered_at = ?, cache_until = ?, is_personal = ?
       WHERE id = ? AND answered_at IS NULL`,
      answer.answer,
      answer.answered_at,
      answer.cache_until,
      answer.is_personal,
      id,
    );
    return changes === 1;
  }
  async deleteInlineQueriesBefore(beforeSec: number) {
    return this.sql.run('DELETE FROM inline_queries WHERE created_at < ?', beforeSec);
  }
  async insertInlineMessage(row: InlineMessageRow) {
    await this.sql.insert('inline_messages', row);
  }
}
