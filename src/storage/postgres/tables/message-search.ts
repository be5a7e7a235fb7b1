/**
 * Message search on PostgreSQL (ports/message-search.ts).
 *
 * Messages (migration 028): the table `message_search` holds the 'simple' tsvector of a message's
 * text or caption (GIN-indexed), filled off the message's insert. Each chat has a watermark, the
 * highest message id indexed (`message_search_indexed`); the messages above it are indexed by
 * `indexMessages` in statements of their own, in chunks, when `SearchIndexer`
 * (../../search-indexer.ts) says: once this node has been quiet for a moment (or, past a bound, under
 * load), and for the chats a search reads before it reads them. Edits and deletions write the table
 * by trigger, in their own transaction (an edit's row is put in even above the watermark, so that
 * an indexing statement that read the old text, `ON CONFLICT DO NOTHING`, cannot put it back); a
 * row left behind by a deletion is never found, as the search joins `messages`.
 *
 * Ephemeral messages keep migration 026's GIN index over an expression that the query spells
 * exactly: their `seq` comes from a sequence, not in the order the writes commit, so a watermark of
 * theirs could pass one not committed yet. They are rare (a bot's reply to one person in a group).
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
import type { IndexRanges, SearchIndexer } from '../../search-indexer.js';
import type { MessageRow } from '../../ports/messages.js';

/** What becomes a space before the parser reads a text (its default parser keeps it in words). */
const PUNCTUATION = '/.@:_-+~#&?=%<>';

/** The tsvector of a table's `body` (026-message-search.sql for ephemeral messages, 028 for messages). */
const TSV = (table: string) =>
  `to_tsvector('simple', translate(coalesce(${table}.body::jsonb ->> 'text', ${table}.body::jsonb ->> 'caption'), ` +
  `'${PUNCTUATION}', '${' '.repeat(PUNCTUATION.length)}'))`;

function statement(inChat: boolean, paged: boolean): string {
  return `SELECT * FROM (
      SELECT m.chat_pk, m.message_id, 0 AS ephemeral, m.sender_id, m.date, m.edit_date, m.body
        FROM message_search s
        JOIN messages m ON m.chat_pk = s.chat_pk AND m.message_id = s.message_id
       WHERE s.words @@ to_tsquery('simple', ?)
         AND s.chat_pk IN (${VISIBLE_CHATS})
         ${inChat ? 'AND s.chat_pk = ?' : ''}
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

/** A range with no end. */
const ALL = 2 ** 52;

/**
 * One statement, so one snapshot and atomic: the messages of each chat of a JSON array of
 * `[chat_pk, most]` above its watermark, up to the watermark plus `most` (null: no end), are put
 * in the table (a row there already is newer: an edit's), and the watermarks are raised to the
 * ends of the ranges, or to the newest message the same snapshot sees if it is below. It relies on
 * the port's message ids: a chat's ids increase in the order the writes commit (ports/chats.ts
 * `nextMessageId`; on PostgreSQL the chat row is held until the commit), so a message the snapshot
 * does not see is never below one it sees. Two nodes indexing one chat at once insert the same keys
 * in the same order: the second waits for the first, then skips them.
 */
const INDEX_SQL = `WITH w AS (
      SELECT c.chat_pk, coalesce(i.message_id, 0) AS indexed, coalesce(i.message_id, 0) + coalesce(c.most, ${ALL}) AS upto
        FROM jsonb_to_recordset(?::jsonb) AS c(chat_pk BIGINT, most BIGINT)
        LEFT JOIN message_search_indexed i ON i.chat_pk = c.chat_pk),
    put AS (
      INSERT INTO message_search (chat_pk, message_id, words)
      SELECT m.chat_pk, m.message_id, ${TSV('m')}
        FROM w JOIN messages m ON m.chat_pk = w.chat_pk AND m.message_id > w.indexed AND m.message_id <= w.upto
       WHERE coalesce(m.body::jsonb ->> 'text', m.body::jsonb ->> 'caption') IS NOT NULL
       ORDER BY m.chat_pk, m.message_id
      ON CONFLICT (chat_pk, message_id) DO NOTHING)
    INSERT INTO message_search_indexed (chat_pk, message_id)
    SELECT chat_pk, least(upto, top) FROM (
      SELECT w.chat_pk, w.upto, (SELECT max(message_id) FROM messages WHERE chat_pk = w.chat_pk) AS top FROM w) t
     WHERE top IS NOT NULL
    ON CONFLICT (chat_pk) DO UPDATE
      SET message_id = GREATEST(message_search_indexed.message_id, excluded.message_id)`;

/** Indexes the ranges' messages (`INDEX_SQL`), on `sql`: the pool, a statement of its own. */
export async function indexMessages(sql: PgSql, ranges: IndexRanges): Promise<void> {
  if (ranges.chats.length === 0) return;
  await sql.run(INDEX_SQL, JSON.stringify(ranges.chats.map(([chat_pk, most]) => ({ chat_pk, most }))));
}

/**
 * Of the chats a user sees, or of one chat, those with messages above their watermarks, with how
 * many ids lie between the watermark and the newest message.
 */
const behind = (inChat: boolean) => `SELECT v.pk, t.top - coalesce(i.message_id, 0) AS gap
      FROM (${inChat ? 'SELECT CAST(? AS BIGINT) AS pk' : VISIBLE_CHATS}) v
      CROSS JOIN LATERAL (SELECT max(message_id) AS top FROM messages WHERE chat_pk = v.pk) t
      LEFT JOIN message_search_indexed i ON i.chat_pk = v.pk
     WHERE t.top > coalesce(i.message_id, 0)`;

export class PgMessageSearch implements MessageSearchReader {
  /**
   * `indexer`: what brings the chats a search reads up to date first; none in a read-only view
   * (PgStore.read), whose search finds the messages indexed when it began.
   */
  constructor(
    private readonly sql: PgSql,
    private readonly indexer?: SearchIndexer,
  ) {}

  async searchMessages(userId: number, query: MessageSearchQuery): Promise<MessageSearchHit[]> {
    const words = searchWords(query.text);
    if (words.length === 0 || query.limit <= 0) return [];
    const match = tsQuery(words);
    const inChat = query.chatPk !== undefined;
    if (this.indexer) {
      const chats = await this.sql.all(
        behind(inChat),
        ...(inChat ? [query.chatPk] : [userId, userId, userId]),
      );
      if (chats.length > 0)
        await this.indexer.catchUp({
          chats: chats.map((row) => [row.pk, row.gap] as [number, number]),
          ephemeral: 0,
          queued: false,
        });
    }
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

/** The store's message inserts counted for the indexer (ephemeral messages have their GIN index). */
export function countStoredMessages(
  areas: { insertMessage(row: MessageRow): Promise<void> },
  indexer: SearchIndexer,
): void {
  const { insertMessage } = areas;
  areas.insertMessage = async (row) => {
    await insertMessage(row);
    indexer.noteStored(row.chat_pk);
  };
}
