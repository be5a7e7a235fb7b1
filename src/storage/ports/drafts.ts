/**
 * Message drafts a bot streams into a private chat (table `message_drafts`, sendMessageDraft).
 *
 * Contract:
 * - A draft is identified by (chat_pk, draft_id); `putDraft` replaces the earlier version whole.
 * - `listDrafts` answers the chat's drafts whose last version is at or after `since` (Unix seconds),
 *   the least recently changed first (ties: the lower draft_id first).
 * - `deleteDrafts` removes the drafts of one bot in one chat and answers how many it removed.
 * - Nothing here is cached.
 */

export interface DraftRow {
  chat_pk: number;
  draft_id: number;
  bot_id: number;
  /** The message thread the draft belongs to; 0 for none. */
  thread_id: number;
  /** JSON object: the draft's content (text and entities). */
  body: string;
  updated_at: number;
}

export interface DraftsReader {
  listDrafts(chatPk: number, since: number): Promise<DraftRow[]>;
}

export interface DraftsWriter {
  putDraft(row: DraftRow): Promise<void>;
  deleteDrafts(chatPk: number, botId: number): Promise<number>;
}
