/**
 * Message drafts on PostgreSQL (ports/drafts.ts). Every bot message in a private chat deletes the
 * bot's drafts there, and there are almost never any: a write that holds the chat's row and knows
 * it had none (read with the row, tables/chats.ts; pg-transaction.ts) answers 0 without asking.
 */
import type { PgSql } from '../pg-sql.js';
import type { DraftRow, DraftsReader, DraftsWriter } from '../../ports/drafts.js';
import { DRAFTS_SQL as SQL } from '../../sql/drafts.js';

export class PgDrafts implements DraftsReader, DraftsWriter {
  constructor(private readonly sql: PgSql) {}

  async listDrafts(chatPk: number, since: number) {
    return (await this.sql.all(SQL.listDrafts, chatPk, since)) as unknown as DraftRow[];
  }
  async putDraft(row: DraftRow) {
    this.sql.write?.draftsChanged(row.chat_pk);
    await this.sql.run(
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
    if (this.sql.write?.withoutDrafts(chatPk)) return 0;
    return this.sql.run(SQL.deleteDrafts, chatPk, botId);
  }
}
