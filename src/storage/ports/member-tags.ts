/**
 * Members' tags in groups and supergroups (table `member_tags`, setChatMemberTag).
 *
 * Contract: one tag per (chat_pk, user_id); `setMemberTag` with null removes it; `getMemberTag`
 * answers undefined for a member without a tag. Nothing here is cached.
 */

export interface MemberTagsReader {
  getMemberTag(chatPk: number, userId: number): Promise<string | undefined>;
}

export interface MemberTagsWriter {
  setMemberTag(chatPk: number, userId: number, tag: string | null): Promise<void>;
}
