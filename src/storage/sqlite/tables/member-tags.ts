/** Members' tags on SQLite (ports/member-tags.ts). */
import { type SqlStatements } from '../sql-statements.js';
import type { MemberTagsReader, MemberTagsWriter } from '../../ports/member-tags.js';

export class SqliteMemberTags implements MemberTagsReader, MemberTagsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getMemberTag(chatPk: number, userId: number) {
    return this.#sql.get('SELECT tag FROM member_tags WHERE chat_pk = ? AND user_id = ?', chatPk, userId)
      ?.tag as string | undefined;
  }
  async setMemberTag(chatPk: number, userId: number, tag: string | null) {
    if (tag === null) {
      this.#sql.run('DELETE FROM member_tags WHERE chat_pk = ? AND user_id = ?', chatPk, userId);
      return;
    }
    this.#sql.run(
      `INSERT INTO member_tags (chat_pk, user_id, tag) VALUES (?, ?, ?)
       ON CONFLICT (chat_pk, user_id) DO UPDATE SET tag = excluded.tag`,
      chatPk,
      userId,
      tag,
    );
  }
}
