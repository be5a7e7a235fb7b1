/**
 * Communities and the chats in them (tables `communities`, `community_chats`; issue 26, ADR 0077).
 *
 * Contract:
 * - A community's id is chosen by the platform (up to 52 bits); `insertCommunity` of an id that
 *   exists fails with UniqueViolation, and the caller draws another.
 * - A chat is in at most one community: `addCommunityChat` of a chat that is in one (this or
 *   another) fails with UniqueViolation and changes nothing.
 * - `removeCommunityChat` answers whether the chat was in that community; a chat in another one
 *   stays where it is.
 * - `listCommunityChats` answers the chats' pks in the order they were added (ties by pk);
 *   `listCommunitiesOwnedBy` the owner's communities in the order they were created (ties by id).
 * Nothing here is cached.
 */

export interface CommunityRow {
  id: number;
  name: string;
  owner_id: number;
  created_at: number;
}

export interface CommunitiesReader {
  getCommunity(id: number): Promise<CommunityRow | undefined>;
  /** The community the chat is in now, if any. */
  getCommunityOfChat(chatPk: number): Promise<CommunityRow | undefined>;
  listCommunityChats(communityId: number): Promise<number[]>;
  listCommunitiesOwnedBy(ownerId: number): Promise<CommunityRow[]>;
}

export interface CommunitiesWriter {
  insertCommunity(row: CommunityRow): Promise<void>;
  addCommunityChat(communityId: number, chatPk: number, at: number): Promise<void>;
  removeCommunityChat(communityId: number, chatPk: number): Promise<boolean>;
}
