/**
 * Invite links and join requests of groups, supergroups and channels (tables `chat_invite_links`,
 * `chat_join_requests`; migrations/005-groups.sql).
 *
 * Contract:
 * - A creator has at most one unrevoked primary link per chat (the platform revokes the old one in
 *   the write that makes a new one).
 * - One pending join request per (chat, user); `upsertJoinRequest` replaces it.
 */

/** An invite link of a group, supergroup or channel. */
export interface InviteLinkRow {
  link: string;
  chat_pk: number;
  creator_id: number;
  name: string | null;
  expire_date: number | null;
  member_limit: number | null;
  creates_join_request: boolean;
  /** The creator's primary link (exportChatInviteLink); at most one unrevoked per creator. */
  is_primary: boolean;
  is_revoked: boolean;
  created_at: number;
}

/** A pending request to join a chat through a link with creates_join_request. */
export interface JoinRequestRow {
  chat_pk: number;
  user_id: number;
  invite_link: string | null;
  date: number;
}

export interface InvitesReader {
  getInviteLink(link: string): Promise<InviteLinkRow | undefined>;
  /** The chat's invite links, oldest first. */
  listInviteLinks(chatPk: number): Promise<InviteLinkRow[]>;
  getJoinRequest(chatPk: number, userId: number): Promise<JoinRequestRow | undefined>;
  /** The chat's pending join requests, oldest first. */
  listJoinRequests(chatPk: number): Promise<JoinRequestRow[]>;
}

export interface InvitesWriter {
  insertInviteLink(row: InviteLinkRow): Promise<void>;
  updateInviteLink(
    link: string,
    patch: Partial<
      Pick<InviteLinkRow, 'name' | 'expire_date' | 'member_limit' | 'creates_join_request' | 'is_revoked'>
    >,
  ): Promise<void>;
  /** Records a join request; a second one of the same user replaces the first. */
  upsertJoinRequest(row: JoinRequestRow): Promise<void>;
  deleteJoinRequest(chatPk: number, userId: number): Promise<void>;
}
