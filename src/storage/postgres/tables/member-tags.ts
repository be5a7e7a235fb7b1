/** Members' tags on PostgreSQL (ports/member-tags.ts). */
import type { PgSql } from '../pg-sql.js';
import type { MemberTagsReader, MemberTagsWriter } from '../../ports/member-tags.js';

export class PgMemberTags implements MemberTagsReader, MemberTagsWriter {
  constructor(private readonly sql: PgSql) {}

  async getMemberTag(chatPk: number, userId: number) {
    const row = await this.sql.get(
      'SELECT tag FROM member_tags WHERE chat_pk = ? AND user_id = ?',
      chatPk,
      userId,
    );
    return row?.tag as string | undefined;
  }
  async setMemberTag(chatPk: number, userId: number, tag: string | null) {
    if (tag === null) {
      await this.sql.run('DELETE FROM member_tags WHERE chat_pk = ? AND user_id = ?', chatPk, userId);
      return;
    }
    await this.sql.run(
      `INSERT INTO member_tags (chat_pk, user_id, tag) VALUES (?, ?, ?)
       ON CONFLICT (chat_pk, user_id) DO UPDATE SET tag = excluded.tag`,
      chatPk,
      userId,
      tag,
    );
  }
}
