/** Members' tags on SQLite (ports/member-tags.ts). */
import { type SqlStatements } from '../sql-statements.js';
import type { MemberTagsReader, MemberTagsWriter } from '../../ports/member-tags.js';
import { MEMBER_TAGS_SQL as SQL } from '../../sql/member-tags.js';

export class SqliteMemberTags implements MemberTagsReader, MemberTagsWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getMemberTag(chatPk: number, userId: number) {
    return this.#sql.get(SQL.getMemberTag, chatPk, userId)?.tag as string | undefined;
  }
  async setMemberTag(chatPk: number, userId: number, tag: string | null) {
    if (tag === null) {
      this.#sql.run(SQL.deleteMemberTag, chatPk, userId);
      return;
    }
    this.#sql.run(SQL.setMemberTag, chatPk, userId, tag);
  }
}
