/** Communities and their chats on SQLite (ports/communities.ts). */
import { type SqlStatements } from '../sql-statements.js';
import { COMMUNITIES_SQL as SQL } from '../../sql/communities.js';
import type { CommunitiesReader, CommunitiesWriter, CommunityRow } from '../../ports/communities.js';

export class SqliteCommunities implements CommunitiesReader, CommunitiesWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getCommunity(id: number) {
    return this.#sql.get(SQL.getCommunity, id) as CommunityRow | undefined;
  }
  async getCommunityOfChat(chatPk: number) {
    return this.#sql.get(SQL.getCommunityOfChat, chatPk) as CommunityRow | undefined;
  }
  async listCommunityChats(communityId: number) {
    return this.#sql.all(SQL.listCommunityChats, communityId).map((row) => row.chat_pk as number);
  }
  async listCommunitiesOwnedBy(ownerId: number) {
    return this.#sql.all(SQL.listCommunitiesOwnedBy, ownerId) as unknown as CommunityRow[];
  }
  async insertCommunity(row: CommunityRow) {
    this.#sql.run(SQL.insertCommunity, row.id, row.name, row.owner_id, row.created_at);
  }
  async addCommunityChat(communityId: number, chatPk: number, at: number) {
    this.#sql.run(SQL.addCommunityChat, chatPk, communityId, at);
  }
  async removeCommunityChat(communityId: number, chatPk: number) {
    return this.#sql.run(SQL.removeCommunityChat, communityId, chatPk).changes > 0;
  }
}
