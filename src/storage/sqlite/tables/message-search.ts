/**
 * Message search on SQLite (ports/message-search.ts): the FTS5 table `message_search` (migrations
 * 037 and 038: contentless, `detail = none`). A message's row is `chat_pk * 2^32 + message_id`, an ephemeral message's `-seq`, so that one
 * MATCH finds both and a chat's messages are one rowid range.
 *
 * Storing a message writes nothing for the index (migration 038): each chat has a watermark, the
 * highest message id indexed (`message_search_indexed`), and the messages above it are indexed by
 * `SearchIndexer` in writes of their own, in chunks, once the store has been quiet for a moment (or,
 * past a bound, under load), and for the chats a search reads before it reads them. Edits and
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
 * What to index: each chat with the most message ids above its watermark to take (null: all), and
 * how many ephemeral `seq`s above theirs (0: none).
 */
export interface IndexRanges {
  chats: Array<[chatPk: number, most: number | null]>;
  ephemeral: number;
}

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

/** Of the chats a user sees, or of one chat, those with messages above their watermarks. */
const behind = (inChat: boolean) => `SELECT v.pk FROM (${inChat ? 'SELECT ? AS pk' : VISIBLE_CHATS}) v
     WHERE (SELECT max(message_id) FROM messages WHERE chat_pk = v.pk)
         > coalesce((SELECT message_id FROM message_search_indexed WHERE chat_pk = v.pk), 0)`;

/** Whether ephemeral messages are above their watermark or edits and deletions are queued. */
const ELSE_BEHIND = `SELECT 1 AS behind
     WHERE (SELECT max(seq) FROM ephemeral_messages) > ${EPHEMERAL_MARK}
        OR EXISTS (SELECT 1 FROM message_search_queue)`;

/** When and how much the background indexes (SqliteStore's `searchIndex` option, for tests). */
export interface SearchIndexTiming {
  /** The store must have stored no message for this long (ms) before the background indexes. */
  idleMs: number;
  /** ...and at least this many messages must wait; fewer wait for the search that reads them. */
  least: number;
  /** The most messages a background write indexes. */
  chunk: number;
  /** Past this many messages waiting, a chunk is indexed for each chunk's worth stored, quiet or not. */
  mostBehind: number;
  /** The clock, in ms (default `performance.now`). */
  now: () => number;
}

export const SEARCH_INDEX_IDLE_MS = 200;
export const SEARCH_INDEX_LEAST = 64;
export const SEARCH_INDEX_CHUNK = 4096;
export const SEARCH_INDEX_MOST_BEHIND = 262_144;

/**
 * Indexes stored messages in the background, off the busy path: a store notes each message
 * (`noteStored`: a count per chat and the time, nothing more); once the store has been quiet for
 * `idleMs` and at least `least` messages wait, a write of its own indexes a chunk of them, and more
 * chunks follow while the store stays quiet. Past `mostBehind` messages waiting, one chunk per
 * chunk's worth stored, so that a search never has more than about that many to index first. The
 * counts live in memory only: a message noted and lost (a restart, a failed write) stays above its
 * chat's watermark until a search of its chat indexes it.
 */
export class SearchIndexer {
  readonly #sql: SqlStatements;
  /** Runs fn in a write of the store's (its own savepoint of a group commit). */
  readonly #write: (fn: () => void) => Promise<void>;
  readonly #t: SearchIndexTiming;
  /** The messages stored and not indexed, per chat (EPHEMERAL: the ephemeral messages), and in all. */
  readonly #pending = new Map<number, number>();
  #backlog = 0;
  /** Messages stored since the backlog passed `mostBehind` or the last chunk that load forced. */
  #overBound = 0;
  #lastStored = 0;
  #timer: NodeJS.Timeout | undefined;
  /** A background chunk is queued or running. */
  #running = false;
  #stopped = false;

  constructor(
    sql: SqlStatements,
    write: (fn: () => void) => Promise<void>,
    timing: Partial<SearchIndexTiming> = {},
  ) {
    this.#sql = sql;
    this.#write = write;
    this.#t = {
      idleMs: SEARCH_INDEX_IDLE_MS,
      least: SEARCH_INDEX_LEAST,
      chunk: SEARCH_INDEX_CHUNK,
      mostBehind: SEARCH_INDEX_MOST_BEHIND,
      now: () => performance.now(),
      ...timing,
    };
  }

  /** The store stored a message in `chatPk` (an ephemeral message: undefined). */
  noteStored(chatPk: number | undefined): void {
    const key = chatPk ?? EPHEMERAL;
    this.#pending.set(key, (this.#pending.get(key) ?? 0) + 1);
    this.#lastStored = this.#t.now();
    if (++this.#backlog > this.#t.mostBehind && ++this.#overBound >= this.#t.chunk && !this.#running) {
      this.#overBound = 0;
      this.#indexChunk();
    } else if (this.#timer === undefined && !this.#running && this.#backlog >= this.#t.least) {
      this.#arm(this.#t.idleMs);
    }
  }

  /** No more background writes: the timer cleared (a chunk already queued still runs). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /**
   * Indexes every message of `chatPks` above their watermarks and the ephemeral messages above
   * theirs (a search's catch-up), inside a write; the counts of what it indexed are dropped.
   */
  indexAll(chatPks: readonly number[]): void {
    const taken = [...chatPks, EPHEMERAL].map((pk) => [pk, this.#pending.get(pk) ?? 0] as const);
    for (const [pk, n] of taken) this.#forget(pk, n);
    try {
      indexNewMessages(this.#sql, { chats: chatPks.map((pk) => [pk, null]), ephemeral: ALL });
    } catch (error) {
      for (const [pk, n] of taken) this.#note(pk, n);
      throw error;
    }
  }

  #arm(ms: number): void {
    this.#timer = setTimeout(() => this.#onTimer(), ms);
    this.#timer.unref();
  }

  /** Quiet since the last message stored for `idleMs`: a chunk; else wait for the rest of it. */
  #onTimer(): void {
    this.#timer = undefined;
    if (this.#stopped || this.#running || this.#backlog === 0) return;
    const quiet = this.#t.now() - this.#lastStored;
    if (quiet >= this.#t.idleMs) this.#indexChunk();
    else this.#arm(this.#t.idleMs - quiet);
  }

  /**
   * A write of its own indexes the first chats noted, up to `chunk` messages (the last chat taken
   * perhaps only in part); then, if the store is still quiet, the next chunk.
   */
  #indexChunk(): void {
    this.#running = true;
    let taken: Array<[number, number]> = [];
    this.#write(() => {
      const ranges: IndexRanges = { chats: [], ephemeral: 0 };
      let budget = this.#t.chunk;
      for (const [pk, count] of this.#pending) {
        if (budget <= 0) break;
        // Each range is capped at the budget left when its chat is taken: the last chat's at what it
        // takes, the others' with room for gaps in their ids (then to the newest message), and
        // never more than a chunk for a chat whose counts a restart lost.
        const n = Math.min(count, budget);
        if (pk === EPHEMERAL) ranges.ephemeral = budget;
        else ranges.chats.push([pk, budget]);
        budget -= n;
        taken.push([pk, n]);
      }
      for (const [pk, n] of taken) this.#forget(pk, n);
      indexNewMessages(this.#sql, ranges);
    }).then(
      () => this.#chunkDone(),
      () => {
        // Rolled back (or the store closed): the messages wait for the next chunk or search.
        for (const [pk, n] of taken) this.#note(pk, n);
        taken = [];
        this.#running = false;
      },
    );
  }

  #chunkDone(): void {
    this.#running = false;
    if (this.#stopped || this.#backlog === 0) return;
    const quiet = this.#t.now() - this.#lastStored;
    if (quiet >= this.#t.idleMs) setImmediate(() => this.#onTimer());
    else if (this.#backlog >= this.#t.least) this.#arm(this.#t.idleMs - quiet);
  }

  #note(pk: number, n: number): void {
    if (n === 0) return;
    this.#pending.set(pk, (this.#pending.get(pk) ?? 0) + n);
    this.#backlog += n;
  }

  #forget(pk: number, n: number): void {
    const left = (this.#pending.get(pk) ?? 0) - n;
    if (left > 0) this.#pending.set(pk, left);
    else this.#pending.delete(pk);
    this.#backlog -= n;
  }
}

export class SqliteMessageSearch implements MessageSearchReader {
  readonly #sql: SqlStatements;
  readonly #write: (fn: () => void) => Promise<void>;
  readonly #indexer: SearchIndexer;

  constructor(sql: SqlStatements, write: (fn: () => void) => Promise<void>, indexer: SearchIndexer) {
    this.#sql = sql;
    this.#write = write;
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
   * committed before it: a write only when some of them (or the ephemeral messages, or the queue)
   * are behind.
   */
  async #catchUp(params: unknown[], inChat: boolean): Promise<void> {
    const chats = this.#sql.all(behind(inChat), ...params).map((row) => row.pk as number);
    if (chats.length === 0 && !this.#sql.get(ELSE_BEHIND)) return;
    await this.#write(() => this.#indexer.indexAll(chats));
  }
}
