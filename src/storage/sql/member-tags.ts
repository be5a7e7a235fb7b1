/** Members' tags (ports/member-tags.ts): one text for both adapters (ADR 0109). */
export const MEMBER_TAGS_SQL = Object.freeze({
  getMemberTag: 'SELECT tag FROM member_tags WHERE chat_pk = ? AND user_id = ?',
  deleteMemberTag: 'DELETE FROM member_tags WHERE chat_pk = ? AND user_id = ?',
  setMemberTag: `INSERT INTO member_tags (chat_pk, user_id, tag) VALUES (?, ?, ?)
    ON CONFLICT (chat_pk, user_id) DO UPDATE SET tag = excluded.tag`,
} as const);
