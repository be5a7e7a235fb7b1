/** Communities and their chats on PostgreSQL (ports/communities.ts). */
import type { PgSql } from '../pg-sql.js';
import type { CommunitiesReader, CommunitiesWriter, CommunityRow } from '../../ports/communities.js';

/** BIGINT columns come back as strings; ids fit a double (52 bits). */
function communityOf(row: Record<string, unknown>): CommunityRow {
  return {
    id: Number(row.id),
    name: String(row.name),
    owner_id: Number(row.owner_id),
    created_at: Number(row.created_at),
  };
}

export class PgCommunities implements CommunitiesReader, CommunitiesWriter {
  constructor(private readonly sql: PgSql) {}

  async getCommunity(id: number) {
    const row = await this.sql.get('SELECT * FROM communities WHERE id = ?', id);
    return row ? communityOf(row) : undefined;
  }
  async getCommunityOfChat(chatPk: number) {
    const row = await this.sql.get(
      `SELECT c.* FROM community_chats cc JOIN communities c ON c.id = cc.community_id
       WHERE cc.chat_pk = ?`,
      chatPk,
    );
    return row ? communityOf(row) : undefined;
  }
  async listCommunityChats(communityId: number) {
    const rows = await this.sql.all(
      'SELECT chat_pk FROM community_chats WHERE community_id = ? ORDER BY added_at, chat_pk',
      communityId,
    );
    return rows.map((row) => Number(row.chat_pk));
  }
  async listCommunitiesOwnedBy(ownerId: number) {
    const rows = await this.sql.all(
      'SELECT * FROM communities WHERE owner_id = ? ORDER BY created_at, id',
      ownerId,
    );
    return rows.map(communityOf);
  }
  async insertCommunity(row: CommunityRow) {
    await this.sql.run(
      'INSERT INTO communities (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)',
      row.id,
      row.name,
      row.owner_id,
      row.created_at,
    );
  }
  async addCommunityChat(communityId: number, chatPk: number, at: number) {
    await this.sql.run(
      'INSERT INTO community_chats (chat_pk, community_id, added_at) VALUES (?, ?, ?)',
      chatPk,
      communityId,
      at,
    );
  }
  async removeCommunityChat(communityId: number, chatPk: number) {
    const changed = await this.sql.run(
      'DELETE FROM community_chats WHERE community_id = ? AND chat_pk = ?',
      communityId,
      chatPk,
    );
    return changed > 0;
  }
}
