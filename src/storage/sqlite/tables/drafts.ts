/**
 * Message drafts on SQLite (ports/drafts.ts). Every bot message to a private chat ends the bot's
 * drafts there (deleteDrafts), which would be a second statement in a send that is otherwise one;
 * so the adapter knows which chats may hold drafts (the data folder has one process) and skips the
 * statement for the others. A chat enters the set when a draft is written (also one rolled back:
 * the set may say "maybe", never "no" wrongly) and leaves it when a delete finds none left.
 */
import { type SqlStatements } from '../sql-statements.js';
import type { DraftRow, DraftsReader, DraftsWriter } from '../../ports/drafts.js';
import { DRAFTS_SQL as SQL } from '../../sql/drafts.js';

export class SqliteDrafts implements DraftsReader, DraftsWriter {
  readonly #sql: SqlStatements;
  /** Chats that may hold drafts. */
  readonly #chats: Set<number>;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
    this.#chats = new Set(
      (sql.all('SELECT DISTINCT chat_pk FROM message_drafts') as Array<{ chat_pk: number }>).map(
        (row) => row.chat_pk,
      ),
    );
  }

  async listDrafts(chatPk: number, since: number) {
    return this.#sql.all(SQL.listDrafts, chatPk, since) as unknown as DraftRow[];
  }
  async putDraft(row: DraftRow) {
    this.#chats.add(row.chat_pk);
    this.#sql.run(
      SQL.putDraft,
      row.chat_pk,
      row.draft_id,
      row.bot_id,
      row.thread_id,
      row.body,
      row.updated_at,
    );
  }
  async deleteDrafts(chatPk: number, botId: number) {
    if (!this.#chats.has(chatPk)) return 0;
    const removed = this.#sql.run(SQL.deleteDrafts, chatPk, botId).changes;
    if (!this.#sql.get('SELECT 1 FROM message_drafts WHERE chat_pk = ? LIMIT 1', chatPk))
      this.#chats.delete(chatPk);
    return removed;
  }
}
