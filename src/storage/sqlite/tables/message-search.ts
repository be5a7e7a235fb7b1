/**
 * Message search on SQLite (ports/message-search.ts): the FTS5 table `message_search` (migration
 * 037). A message's row is `chat_pk * 2^32 + message_id`, an ephemeral message's `-seq`, so that one
 * MATCH finds both and a chat's messages are one rowid range. Triggers on `messages` and
 * `ephemeral_messages` queue the keys a write touched; `drainSearchQueue` moves them into the index
 * in batches at a commit, and whole before a search (FTS5 writes a segment at every savepoint and
 * statement that fills it, which cost a message about 170 us when the triggers wrote it directly).
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

/** The text of a queued message, or none (no text or caption, or deleted since). */
const QUEUED_TEXTS = `SELECT q.key, coalesce(m.body ->> '$.text', m.body ->> '$.caption') AS text
      FROM message_search_queue q
      JOIN messages m ON m.chat_pk = (q.key >> 32) AND m.message_id = (q.key & 4294967295)
     WHERE q.key > 0
    UNION ALL
    SELECT q.key, coalesce(e.body ->> '$.text', e.body ->> '$.caption')
      FROM message_search_queue q JOIN ephemeral_messages e ON e.seq = -q.key
     WHERE q.key < 0`;

/** The index takes the queue when it holds this many keys, or before a search. */
export const SEARCH_QUEUE_BATCH = 256;

/**
 * Moves the keys the transaction's writes queued into the index, stale rows out and the current
 * texts in, when the queue holds SEARCH_QUEUE_BATCH keys or `now`: inside the transaction, after
 * its last savepoint (sqlite-store.ts), so the index commits with what it read. Batches are what
 * keep it cheap: FTS5 writes a segment at each savepoint and each statement that fills it.
 */
export function drainSearchQueue(sql: SqlStatements, now: boolean): void {
  const queued = Number(sql.get('SELECT count(*) AS n FROM message_search_queue')?.n ?? 0);
  if (queued === 0 || (queued < SEARCH_QUEUE_BATCH && !now)) return;
  sql.run('DELETE FROM message_search WHERE rowid IN (SELECT key FROM message_search_queue WHERE stale = 1)');
  sql.run(
    `INSERT INTO message_search (rowid, text) SELECT key, text FROM (${QUEUED_TEXTS}) WHERE text IS NOT NULL`,
  );
  sql.run('DELETE FROM message_search_queue');
}

export class SqliteMessageSearch implements MessageSearchReader {
  readonly #sql: SqlStatements;
  /** Commits a write that drains the queue whole (the store's), so that a search sees every message. */
  readonly #drain: () => Promise<void>;

  constructor(sql: SqlStatements, drain: () => Promise<void>) {
    this.#sql = sql;
    this.#drain = drain;
  }

  async searchMessages(userId: number, query: MessageSearchQuery): Promise<MessageSearchHit[]> {
    const words = searchWords(query.text);
    if (words.length === 0 || query.limit <= 0) return [];
    if (this.#sql.get('SELECT 1 AS queued FROM message_search_queue LIMIT 1')) await this.#drain();
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
