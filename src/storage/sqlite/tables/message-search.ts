/**
 * Message search on SQLite (ports/message-search.ts): the FTS5 table `message_search` (migrations
 * 037 and 038: contentless, `detail = none`). A message's row is `chat_pk * 2^32 + message_id`, an ephemeral message's `-seq`, so that one
 * MATCH finds both and a chat's messages are one rowid range.
 *
 * Storing a message writes nothing for the index (migration 038): each chat has a watermark, the
 * highest message id indexed (`message_search_indexed`), and the messages above it are indexed by
 * `indexNewMessages` in writes of their own, in chunks, when `SearchIndexer` (../../search-indexer.ts)
 * says: once the store has been quiet for a moment (or, past a bound, under load), and for the chats
 * a search reads before it reads them. Edits and
 * deletions, rare, queue the message's key by trigger; `drainSearchQueue` moves the queue into the
 * index in batches at a commit, and whole with every catch-up. FTS5 writes a segment at every
 * savepoint and statement that fills it (about 170 us a message when triggers wrote it directly):
 * hence the batches.
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
import { EPHEMERAL, type IndexRanges, type SearchIndexer } from '../../search-indexer.js';

const CHAT_SPAN = 4294967296;

/** The statement for a query with or without a chat and a cursor (four texts, each prepared once). */
function statement(inChat: boolean, paged: boolean): string {
  return `SELECT * FROM (
      SELECT m.chat_pk, m.message_id, 0 AS ephemeral, m.sender_id, m.date, m.edit_date, m.body
        FROM message_search s
        JOIN messages m ON m.chat_pk = (s.rowid >> 32) AND m.message_id = (s.rowid & 4294967295)
       WHERE s.message_search MATCH ? AND s.rowid BETWEEN ? AND ?
         AND m.chat_pk IN (${VISIBLE_CHATS})
      UNION ALL
      SELECT e.chat_pk, e.ephemeral_message_id, 1, e.sender_id, e.date, e.edit_date, e.body
        FROM message_search s
        JOIN ephemeral_messages e ON e.seq = -s.rowid
       WHERE s.message_search MATCH ? AND s.rowid < 0 AND (e.receiver_id = ? OR e.sender_id = ?)
         ${inChat ? 'AND e.chat_pk = ?' : ''})
    ${paged ? `WHERE ${SEARCH_AFTER_CURSOR}` : ''}
    ${SEARCH_ORDER} LIMIT ${LIMIT_PARAM}`;
}

/** FTS5's query: each word a quoted prefix ("hel"*), all of them required. */
export function ftsQuery(words: string[]): string {
  return words.map((word) => `"${word.replaceAll('"', '""')}"*`).join(' ');
}

/**
 * The text of a queued message at or below its chat's watermark, or none (no text or caption,
 * deleted since, or above the watermark: not indexed yet).
 */
const QUEUED_TEXTS = `SELECT q.key, coalesce(m.body ->> '$.text', m.body ->> '$.caption') AS text
      FROM message_search_queue q
      JOIN messages m ON m.chat_pk = (q.key >> 32) AND m.message_id = (q.key & 4294967295)
     WHERE q.key > 0
       AND m.message_id <= coalesce((SELECT message_id FROM message_search_indexed WHERE chat_pk = m.chat_pk), 0)
    UNION ALL
    SELECT q.key, coalesce(e.body ->> '$.text', e.body ->> '$.caption')
      FROM message_search_queue q JOIN ephemeral_messages e ON e.seq = -q.key
     WHERE q.key < 0
       AND e.seq <= coalesce((SELECT message_id FROM message_search_indexed WHERE chat_pk = ${EPHEMERAL}), 0)`;

/** The queue (edits and deletions) is moved into the index when it holds this many keys. */
export const SEARCH_QUEUE_BATCH = 256;

/**
 * Moves the keys that edits and deletions queued into the index, stale rows out and the current
 * texts in, when the queue holds SEARCH_QUEUE_BATCH keys or `now`. A message above its chat's
 * watermark is only taken out (it is not in the index): `indexNewMessages` puts its current text in.
 * Batches are what keep it cheap: FTS5 writes a segment at each savepoint and each statement that
 * fills it.
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

/** A range with no end: a chat's or the ephemeral messages' whole backlog. */
const ALL = 2 ** 52;

/** The ephemeral messages' watermark. */
const EPHEMERAL_MARK = `coalesce((SELECT message_id FROM message_search_indexed WHERE chat_pk = ${EPHEMERAL}), 0)`;

/**
 * Each chat of a JSON array of `[chat_pk, most]` with its watermark and the highest id to index now:
 * the watermark plus `most` (null: no end).
 */
const WATERMARKS = `SELECT w.chat_pk, w.indexed, w.indexed + coalesce(w.most, ${ALL}) AS upto FROM (
      SELECT c.value ->> '$[0]' AS chat_pk, c.value ->> '$[1]' AS most, coalesce(i.message_id, 0) AS indexed
        FROM json_each(?) c LEFT JOIN message_search_indexed i ON i.chat_pk = c.value ->> '$[0]') w`;

/** The texts of the chats' messages in their ranges, and of the ephemeral messages in theirs. */
const NEW_TEXTS = `SELECT m.chat_pk * 4294967296 + m.message_id AS key,
           coalesce(m.body ->> '$.text', m.body ->> '$.caption') AS text
      FROM (${WATERMARKS}) w
      JOIN messages m ON m.chat_pk = w.chat_pk AND m.message_id > w.indexed AND m.message_id <= w.upto
    UNION ALL
    SELECT -e.seq, coalesce(e.body ->> '$.text', e.body ->> '$.caption')
      FROM ephemeral_messages e
     WHERE e.seq > ${EPHEMERAL_MARK} AND e.seq <= ${EPHEMERAL_MARK} + ?`;

/** The watermarks moved up to the end of each range, or to the newest message if it is below. */
const RAISE_WATERMARKS = `INSERT INTO message_search_indexed (chat_pk, message_id)
    SELECT chat_pk, min(top, upto) FROM (
      SELECT w.chat_pk, w.upto, (SELECT max(message_id) FROM messages WHERE chat_pk = w.chat_pk) AS top
        FROM (${WATERMARKS}) w
      UNION ALL
      SELECT ${EPHEMERAL}, ${EPHEMERAL_MARK} + ?, (SELECT max(seq) FROM ephemeral_messages))
     WHERE min(top, upto) > 0
    ON CONFLICT (chat_pk) DO UPDATE SET message_id = max(message_id, excluded.message_id)`;

/**
 * Indexes the messages of the ranges above their chats' watermarks, and the ephemeral messages of
 * theirs, in one statement (one FTS5 segment), and raises the watermarks to the ends of the ranges
 * (to the newest message if it is below); then the queue, whole. Inside a write, so that the index
 * and its watermarks commit or roll back together. It relies on the port's message ids: a chat's
 * ids increase in the order the writes commit (ports/chats.ts `nextMessageId`), so a message stored
 * later is never below its chat's watermark.
 */
export function indexNewMessages(sql: SqlStatements, ranges: IndexRanges): void {
  const chats = JSON.stringify(ranges.chats);
  sql.run(
    `INSERT INTO message_search (rowid, text) SELECT key, text FROM (${NEW_TEXTS}) WHERE text IS NOT NULL`,
    chats,
    ranges.ephemeral,
  );
  sql.run(RAISE_WATERMARKS, chats, ranges.ephemeral);
  drainSearchQueue(sql, true);
}

/**
 * Of the chats a user sees, or of one chat, those with messages above their watermarks, with how
 * many ids lie between the watermark and the newest message.
 */
const behind = (inChat: boolean) => `SELECT pk, gap FROM (
      SELECT v.pk, (SELECT max(message_id) FROM messages WHERE chat_pk = v.pk)
             - coalesce((SELECT message_id FROM message_search_indexed WHERE chat_pk = v.pk), 0) AS gap
        FROM (${inChat ? 'SELECT ? AS pk' : VISIBLE_CHATS}) v)
     WHERE gap > 0`;

/** How many ephemeral `seq`s lie above their watermark, and whether edits and deletions are queued. */
const ELSE_BEHIND = `SELECT coalesce((SELECT max(seq) FROM ephemeral_messages), 0) - ${EPHEMERAL_MARK} AS ephemeral,
           EXISTS (SELECT 1 FROM message_search_queue) AS queued`;

export class SqliteMessageSearch implements MessageSearchReader {
  readonly #sql: SqlStatements;
  readonly #indexer: SearchIndexer;

  constructor(sql: SqlStatements, indexer: SearchIndexer) {
    this.#sql = sql;
    this.#indexer = indexer;
  }

  async searchMessages(userId: number, query: MessageSearchQuery): Promise<MessageSearchHit[]> {
    const words = searchWords(query.text);
    if (words.length === 0 || query.limit <= 0) return [];
    const inChat = query.chatPk !== undefined;
    await this.#catchUp(inChat ? [query.chatPk!] : [userId, userId, userId], inChat);
    const match = ftsQuery(words);
    const from = inChat ? query.chatPk! * CHAT_SPAN : 1;
    const to = inChat ? query.chatPk! * CHAT_SPAN + (CHAT_SPAN - 1) : Number.MAX_SAFE_INTEGER;
    const params: unknown[] = [match, from, to, userId, userId, userId, match, userId, userId];
    if (inChat) params.push(query.chatPk);
    const { before } = query;
    if (before) params.push(before.date, before.chat_pk, before.ephemeral, before.message_id);
    params.push(query.limit);
    return this.#sql.all(statement(inChat, before !== undefined), ...params) as unknown as MessageSearchHit[];
  }

  /**
   * Brings the index of the chats a search reads up to date, so that it finds every message
   * committed before it: writes only when some of them (or the ephemeral messages, or the queue)
   * are behind, in chunks with a turn of the event loop between two (search-indexer.ts `catchUp`).
   */
  async #catchUp(params: unknown[], inChat: boolean): Promise<void> {
    const chats = this.#sql
      .all(behind(inChat), ...params)
      .map((row) => [row.pk, row.gap] as [number, number]);
    const rest = this.#sql.get(ELSE_BEHIND)!;
    const ephemeral = Math.max(0, Number(rest.ephemeral));
    const queued = Number(rest.queued) === 1;
    if (chats.length === 0 && ephemeral === 0 && !queued) return;
    await this.#indexer.catchUp({ chats, ephemeral, queued });
  }
}
