/**
 * Message search on SQLite (ports/message-search.ts): the FTS5 table `message_search` (migrations
 * 037 and 038: contentless, `detail = none`). A message's row is `chat_pk * 2^32 + message_id`, an ephemeral message's `-seq`, so that one
 * MATCH finds both and a chat's messages are one rowid range.
 *
 * Storing a message writes nothing for the index (migration 038): each chat has a watermark, the
 * highest message id indexed (`message_search_indexed`), and the messages above it are indexed in
 * batches, by a write of their own once the store has stored SEARCH_INDEX_BATCH messages
 * (`noteStored`), and for the chats a search reads before it reads them. Edits and deletions, rare,
 * queue the message's key by trigger; `drainSearchQueue` moves the queue into the index in batches
 * at a commit, and whole with every catch-up. FTS5 writes a segment at every savepoint and statement
 * that fills it (about 170 us a message when triggers wrote it directly): hence the batches.
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
/** The watermark row of the ephemeral messages (their `seq`); chat pks start at 1. */
const EPHEMERAL = 0;

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

/** Each chat of a JSON array with its watermark (0: nothing indexed yet). */
const WATERMARKS = `SELECT c.value AS chat_pk, coalesce(i.message_id, 0) AS indexed
      FROM json_each(?) c LEFT JOIN message_search_indexed i ON i.chat_pk = c.value`;

/** The texts of the chats' messages above their watermarks, and of the ephemeral messages above theirs. */
const NEW_TEXTS = `SELECT m.chat_pk * 4294967296 + m.message_id AS key,
           coalesce(m.body ->> '$.text', m.body ->> '$.caption') AS text
      FROM (${WATERMARKS}) w JOIN messages m ON m.chat_pk = w.chat_pk AND m.message_id > w.indexed
    UNION ALL
    SELECT -e.seq, coalesce(e.body ->> '$.text', e.body ->> '$.caption')
      FROM ephemeral_messages e
     WHERE e.seq > coalesce((SELECT message_id FROM message_search_indexed WHERE chat_pk = ${EPHEMERAL}), 0)`;

/** The watermarks moved up to the newest message of each chat, and of the ephemeral messages. */
const RAISE_WATERMARKS = `INSERT INTO message_search_indexed (chat_pk, message_id)
    SELECT chat_pk, top FROM (
      SELECT c.value AS chat_pk, (SELECT max(message_id) FROM messages WHERE chat_pk = c.value) AS top
        FROM json_each(?) c
      UNION ALL
      SELECT ${EPHEMERAL}, (SELECT max(seq) FROM ephemeral_messages))
     WHERE top IS NOT NULL
    ON CONFLICT (chat_pk) DO UPDATE SET message_id = max(message_id, excluded.message_id)`;

/**
 * Indexes the messages of `chatPks` above their watermarks, and the ephemeral messages above
 * theirs, in one statement (one FTS5 segment), and raises the watermarks; then the queue, whole.
 * Inside a write, so that the index and its watermarks commit or roll back together. It relies on
 * the port's message ids: a chat's ids increase in the order the writes commit (ports/chats.ts
 * `nextMessageId`), so a message stored later is never below its chat's watermark.
 */
export function indexNewMessages(sql: SqlStatements, chatPks: readonly number[]): void {
  const chats = JSON.stringify(chatPks);
  sql.run(
    `INSERT INTO message_search (rowid, text) SELECT key, text FROM (${NEW_TEXTS}) WHERE text IS NOT NULL`,
    chats,
  );
  sql.run(RAISE_WATERMARKS, chats);
  drainSearchQueue(sql, true);
}

/** Of the chats a user sees, or of one chat, those with messages above their watermarks. */
const behind = (inChat: boolean) => `SELECT v.pk FROM (${inChat ? 'SELECT ? AS pk' : VISIBLE_CHATS}) v
     WHERE (SELECT max(message_id) FROM messages WHERE chat_pk = v.pk)
         > coalesce((SELECT message_id FROM message_search_indexed WHERE chat_pk = v.pk), 0)`;

/** Whether ephemeral messages are above their watermark or edits and deletions are queued. */
const ELSE_BEHIND = `SELECT 1 AS behind
     WHERE (SELECT max(seq) FROM ephemeral_messages)
         > coalesce((SELECT message_id FROM message_search_indexed WHERE chat_pk = ${EPHEMERAL}), 0)
        OR EXISTS (SELECT 1 FROM message_search_queue)`;

/**
 * The background indexes the chats that got new messages once this many messages were stored: the
 * larger the batch, the less FTS5 work a message costs (fewer segments to write and merge), and at
 * most this many wait for the search that finds them.
 */
export const SEARCH_INDEX_BATCH = 4096;

export class SqliteMessageSearch implements MessageSearchReader {
  readonly #sql: SqlStatements;
  /** Runs fn in a write of the store's (its own savepoint of a group commit). */
  readonly #write: (fn: () => void) => Promise<void>;
  /** The chats that got messages since the background last indexed, and how many messages. */
  #pending = new Set<number>();
  #stored = 0;
  /** A background write is queued and has not taken `#pending` yet. */
  #scheduled = false;

  constructor(sql: SqlStatements, write: (fn: () => void) => Promise<void>) {
    this.#sql = sql;
    this.#write = write;
  }

  /**
   * The store stored a message in `chatPk` (an ephemeral message: undefined): once SEARCH_INDEX_BATCH
   * were, a write of their own indexes them, in the next group commit. Nothing is noted in the
   * database; a message noted here and lost (a restart, a failed write) is indexed by the next
   * search of its chat.
   */
  noteStored(chatPk: number | undefined): void {
    this.#pending.add(chatPk ?? EPHEMERAL);
    if (++this.#stored < SEARCH_INDEX_BATCH || this.#scheduled) return;
    this.#scheduled = true;
    let chats: number[] = [];
    this.#write(() => {
      this.#scheduled = false;
      this.#stored = 0;
      chats = [...this.#pending].filter((pk) => pk !== EPHEMERAL);
      this.#pending = new Set();
      indexNewMessages(this.#sql, chats);
    }).catch(() => {
      // Rolled back (or the store closed): the chats wait for the next batch or search.
      this.#scheduled = false;
      for (const pk of chats) this.#pending.add(pk);
    });
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
   * committed before it: a write only when some of them (or the ephemeral messages, or the queue)
   * are behind.
   */
  async #catchUp(params: unknown[], inChat: boolean): Promise<void> {
    const chats = this.#sql.all(behind(inChat), ...params).map((row) => row.pk as number);
    if (chats.length === 0 && !this.#sql.get(ELSE_BEHIND)) return;
    await this.#write(() => indexNewMessages(this.#sql, chats));
  }
}
