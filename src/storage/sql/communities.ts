/** The statements of communities and their chats (ports/communities.ts), one text for both adapters (ADR 0109). */
export const COMMUNITIES_SQL = Object.freeze({
  getCommunity: 'SELECT * FROM communities WHERE id = ?',
  getCommunityOfChat: `SELECT c.* FROM community_chats cc JOIN communities c ON c.id = cc.community_id
    WHERE cc.chat_pk = ?`,
  listCommunityChats: 'SELECT chat_pk FROM community_chats WHERE community_id = ? ORDER BY added_at, chat_pk',
  listCommunitiesOwnedBy: 'SELECT * FROM communities WHERE owner_id = ? ORDER BY created_at, id',
  insertCommunity: 'INSERT INTO communities (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)',
  addCommunityChat: 'INSERT INTO community_chats (chat_pk, community_id, added_at) VALUES (?, ?, ?)',
  removeCommunityChat: 'DELETE FROM community_chats WHERE community_id = ? AND chat_pk = ?',
} as const);
