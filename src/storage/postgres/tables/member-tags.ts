/** Members' tags on PostgreSQL (ports/member-tags.ts). */
import type { PgSql } from '../pg-sql.js';
import type { MemberTagsReader, MemberTagsWriter } from '../../ports/member-tags.js';
import { MEMBER_TAGS_SQL as SQL } from '../../sql/member-tags.js';

export class PgMemberTags implements MemberTagsReader, MemberTagsWriter {
  constructor(private readonly sql: PgSql) {}

  async getMemberTag(chatPk: number, userId: number) {
    const row = await this.sql.get(SQL.getMemberTag, chatPk, userId);
    return row?.tag as string | undefined;
  }
  async setMemberTag(chatPk: number, userId: number, tag: string | null) {
    if (tag === null) {
      await this.sql.run(SQL.deleteMemberTag, chatPk, userId);
      return;
    }
    await this.sql.run(SQL.setMemberTag, chatPk, userId, tag);
  }
}
