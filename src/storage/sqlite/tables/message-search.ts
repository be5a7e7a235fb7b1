/**
 * Message search on SQLite (ports/message-search.ts): the FTS5 table `message_search` (migration
 * 037), kept by triggers on `messages` and `ephemeral_messages`. A message's row is
 * `chat_pk * 2^32 + message_id`, an ephemeral message's `-seq`, so that one MATCH finds both and a
 * chat's messages are one rowid range.
 */
import { LIMIT_PARAM, type SqlStatements } from '../sql-statements.js';
import {
  SEARCH_AFTER_CURSOR,
  SEARCH_ORDER,
  VISIBLE_CHATS,
  searchWords,
  type MessageSearchHit,
  type MessageSearchQuery,
  type MessageSearchReader,
} from '../../ports/message-search.js';

const CHAT_SPAN = 4294967296;

/** The statement for a query with or without a chat and a cursor (four texts, each prepared once). */
function statement(inChat: boolean, paged: boolean): string {
  return `SELECT * FROM (
      SELECT m.chat_pk, m.message_id, 0 AS ephemeral, m.sender_id, m.date, m.edit_date, m.body
        FROM message_search s
        JOIN messages m ON m.chat_pk = (s.rowid >> 32) AND m.message_id = (s.rowid & 4294967295)
       WHERE s.text MATCH ? AND s.rowid BETWEEN ? AND ?
         AND m.chat_pk IN (${VISIBLE_CHATS})
      UNION ALL
      SELECT e.chat_pk, e.ephemeral_message_id, 1, e.sender_id, e.date, e.edit_date, e.body
        FROM message_search s
        JOIN ephemeral_messages e ON e.seq = -s.rowid
       WHERE s.text MATCH ? AND s.rowid < 0 AND (e.receiver_id = ? OR e.sender_id = ?)
         ${inChat ? 'AND e.chat_pk = ?' : ''})
    ${paged ? `WHERE ${SEARCH_AFTER_CURSOR}` : ''}
    ${SEARCH_ORDER} LIMIT ${LIMIT_PARAM}`;
}

/** FTS5's query: each word a quoted prefix ("hel"*), all of them required. */
export function ftsQuery(words: string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' ');
}

export class SqliteMessageSearch implements MessageSearchReader {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async searchMessages(userId: number, query: MessageSearchQuery): Promise<MessageSearchHit[]> {
    const words = searchWords(query.text);
    if (words.length === 0 || query.limit <= 0) return [];
    const match = ftsQuery(words);
    const inChat = query.chatPk !== undefined;
    const from = inChat ? query.chatPk! * CHAT_SPAN : 1;
    const to = inChat ? query.chatPk! * CHAT_SPAN + (CHAT_SPAN - 1) : Number.MAX_SAFE_INTEGER;
    const params: unknown[] = [match, from, to, userId, userId, userId, match, userId, userId];
    if (inChat) params.push(query.chatPk);
    const { before } = query;
    if (before) params.push(before.date, before.chat_pk, before.ephemeral, before.message_id);
    params.push(query.limit);
    return this.#sql.all(statement(inChat, before !== undefined), ...params) as unknown as MessageSearchHit[];
  }
}
