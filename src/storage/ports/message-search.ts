/**
 * Search of the messages a person can see (issue 29, ADR 0101): the words of a query against the text
 * or caption of messages, by an index each adapter keeps (SQLite: an FTS5 table; PostgreSQL: a
 * table of 'simple' tsvectors under a GIN index), filled from a per-chat watermark off the writes
 * that store messages and brought up to date by a search before it reads (storage/search-indexer.ts).
 * A read for the caller (the adapter may write its index first); nothing is cached.
 *
 * Contract:
 * - `searchMessages` answers the messages whose text or caption holds every word of the query, each
 *   as the start of one of its words ("hel" finds "Hello"), in any case. A word is a run of letters
 *   and digits (`searchWords`); a query without one answers nothing.
 * - A search finds every message committed before it began. The indexes rely on a chat's message
 *   ids increasing in the order the writes commit (ports/chats.ts `nextMessageId`): a message stored
 *   with an id below one of its chat already indexed is never found. (PostgreSQL's read-only view,
 *   `Store.read`, does not write the index: its search finds what was indexed when it began.)
 * - Only what the user can see: messages of the private chats the user is one side of and of the
 *   groups, supergroups and channels where the user's status is creator, administrator, member or
 *   restricted (as person-views.ts lists chats); ephemeral messages only for their receiver, or
 *   their sender (a person's ephemeral command); deleted messages never; an edit is found by its new
 *   text only.
 * - With `chatPk`, only that chat's messages.
 * - Newest first: by date, then chat, then ephemeral before ordinary, then id, all descending; at
 *   most `limit`. `before` is a cursor (the key of the last hit of the previous page): only hits
 *   after it in that order.
 */

export interface MessageSearchHit {
  chat_pk: number;
  /** The chat's message id, or the ephemeral message's id in the chat when `ephemeral` is 1. */
  message_id: number;
  /** 1: a row of `ephemeral_messages` (ports/ephemeral.ts); 0: a row of `messages`. */
  ephemeral: 0 | 1;
  sender_id: number | null;
  date: number;
  edit_date: number | null;
  /** JSON object: the message content fields of the wire Message, as MessageRow.body. */
  body: string;
}

/** Where a page ends: the order key of its last hit. */
export interface MessageSearchCursor {
  date: number;
  chat_pk: number;
  ephemeral: 0 | 1;
  message_id: number;
}

export interface MessageSearchQuery {
  /** The person's words, as typed. */
  text: string;
  chatPk?: number | undefined;
  limit: number;
  before?: MessageSearchCursor | undefined;
}

export interface MessageSearchReader {
  searchMessages(userId: number, query: MessageSearchQuery): Promise<MessageSearchHit[]>;
}

/** At most this many words of a query are searched (the rest are ignored). */
export const MAX_SEARCH_WORDS = 8;
/** At most this many characters of a word are searched. */
const MAX_WORD_LENGTH = 64;

/**
 * The words of a query, lower-cased: runs of letters and digits, as both adapters' tokenizers cut
 * text (FTS5's unicode61, PostgreSQL's default parser), at most MAX_SEARCH_WORDS of them.
 */
export function searchWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}\p{M}]+/gu) ?? [];
  return words.slice(0, MAX_SEARCH_WORDS).map((word) => word.slice(0, MAX_WORD_LENGTH));
}

/** The chats a user sees (bound: user id three times), as person-views.ts's listUserChats. */
export const VISIBLE_CHATS = `SELECT pk FROM chats WHERE user_a = ? OR user_b = ?
      UNION
      SELECT chat_pk FROM chat_members
       WHERE user_id = ? AND status IN ('creator', 'administrator', 'member', 'restricted')`;

/** The order of hits, newest first, and the cursor's comparison in the same order. */
export const SEARCH_ORDER = 'ORDER BY date DESC, chat_pk DESC, ephemeral DESC, message_id DESC';
export const SEARCH_AFTER_CURSOR = '(date, chat_pk, ephemeral, message_id) < (?, ?, ?, ?)';
