/**
 * Message search on PostgreSQL (ports/message-search.ts): GIN indexes over the 'simple' tsvector of
 * a message's text or caption (migration 026), an expression the queries spell exactly as the
 * indexes do so that the planner uses them.
 */
import type { PgSql } from '../pg-sql.js';
import {
  SEARCH_AFTER_CURSOR,
  SEARCH_ORDER,
  VISIBLE_CHATS,
  searchWords,
  type MessageSearchHit,
  type MessageSearchQuery,
  type MessageSearchReader,
} from '../../ports/message-search.js';

/** What becomes a space before the parser reads a text (its default parser keeps it in words). */
const PUNCTUATION = '/.@:_-+~#&?=%<>';

/** The indexed expression (026-message-search.sql), over a table's `body`. */
const TSV = (table: string) =>
  `to_tsvector('simple', translate(coalesce(${table}.body::jsonb ->> 'text', ${table}.body::jsonb ->> 'caption'), ` +
  `'${PUNCTUATION}', '${' '.repeat(PUNCTUATION.length)}'))`;

function statement(inChat: boolean, paged: boolean): string {
  return `SELECT * FROM (
      SELECT m.chat_pk, m.message_id, 0 AS ephemeral, m.sender_id, m.date, m.edit_date, m.body
        FROM messages m
       WHERE ${TSV('m')} @@ to_tsquery('simple', ?)
         AND m.chat_pk IN (${VISIBLE_CHATS})
         ${inChat ? 'AND m.chat_pk = ?' : ''}
      UNION ALL
      SELECT e.chat_pk, e.ephemeral_message_id, 1, e.sender_id, e.date, e.edit_date, e.body
        FROM ephemeral_messages e
       WHERE ${TSV('e')} @@ to_tsquery('simple', ?)
         AND (e.receiver_id = ? OR e.sender_id = ?)
         ${inChat ? 'AND e.chat_pk = ?' : ''}) hits
    ${paged ? `WHERE ${SEARCH_AFTER_CURSOR}` : ''}
    ${SEARCH_ORDER} LIMIT ?`;
}

/** The tsquery: each word a prefix ('hel':*), all of them required. Words hold letters and digits only. */
export function tsQuery(words: string[]): string {
  return words.map((word) => `'${word}':*`).join(' & ');
}

export class PgMessageSearch implements MessageSearchReader {
  constructor(private readonly sql: PgSql) {}

  async searchMessages(userId: number, query: MessageSearchQuery): Promise<MessageSearchHit[]> {
    const words = searchWords(query.text);
    if (words.length === 0 || query.limit <= 0) return [];
    const match = tsQuery(words);
    const inChat = query.chatPk !== undefined;
    const params: unknown[] = [match, userId, userId, userId];
    if (inChat) params.push(query.chatPk);
    params.push(match, userId, userId);
    if (inChat) params.push(query.chatPk);
    const { before } = query;
    if (before) params.push(before.date, before.chat_pk, before.ephemeral, before.message_id);
    params.push(query.limit);
    const rows = await this.sql.all(statement(inChat, before !== undefined), ...params);
    return rows.map((row) => ({ ...row, ephemeral: Number(row.ephemeral) })) as unknown as MessageSearchHit[];
  }
}
