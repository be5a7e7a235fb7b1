/** Communities and their chats on PostgreSQL (ports/communities.ts). */
import type { PgSql } from '../pg-sql.js';
import { COMMUNITIES_SQL as SQL } from '../../sql/communities.js';
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
    const row = await this.sql.get(SQL.getCommunity, id);
    return row ? communityOf(row) : undefined;
  }
  async getCommunityOfChat(chatPk: number) {
    const row = await this.sql.get(SQL.getCommunityOfChat, chatPk);
    return row ? communityOf(row) : undefined;
  }
  async listCommunityChats(communityId: number) {
    const rows = await this.sql.all(SQL.listCommunityChats, communityId);
    return rows.map((row) => Number(row.chat_pk));
  }
  async listCommunitiesOwnedBy(ownerId: number) {
    const rows = await this.sql.all(SQL.listCommunitiesOwnedBy, ownerId);
    return rows.map(communityOf);
  }
  async insertCommunity(row: CommunityRow) {
    await this.sql.run(SQL.insertCommunity, row.id, row.name, row.owner_id, row.created_at);
  }
  async addCommunityChat(communityId: number, chatPk: number, at: number) {
    await this.sql.run(SQL.addCommunityChat, chatPk, communityId, at);
  }
  async removeCommunityChat(communityId: number, chatPk: number) {
    const changed = await this.sql.run(SQL.removeCommunityChat, communityId, chatPk);
    return changed > 0;
  }
}
