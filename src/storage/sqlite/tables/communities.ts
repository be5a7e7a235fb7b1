/** Communities and their chats on SQLite (ports/communities.ts). */
import { type SqlStatements } from '../sql-statements.js';
import type { CommunitiesReader, CommunitiesWriter, CommunityRow } from '../../ports/communities.js';

export class SqliteCommunities implements CommunitiesReader, CommunitiesWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getCommunity(id: number) {
    return this.#sql.get('SELECT * FROM communities WHERE id = ?', id) as CommunityRow | undefined;
  }
  async getCommunityOfChat(chatPk: number) {
    return this.#sql.get(
      `SELECT c.* FROM community_chats cc JOIN communities c ON c.id = cc.community_id
       WHERE cc.chat_pk = ?`,
      chatPk,
    ) as CommunityRow | undefined;
  }
  async listCommunityChats(communityId: number) {
    return this.#sql
      .all(
        'SELECT chat_pk FROM community_chats WHERE community_id = ? ORDER BY added_at, chat_pk',
        communityId,
      )
      .map((row) => row.chat_pk as number);
  }
  async listCommunitiesOwnedBy(ownerId: number) {
    return this.#sql.all(
      'SELECT * FROM communities WHERE owner_id = ? ORDER BY created_at, id',
      ownerId,
    ) as unknown as CommunityRow[];
  }
  async insertCommunity(row: CommunityRow) {
    this.#sql.run(
      'INSERT INTO communities (id, name, owner_id, created_at) VALUES (?, ?, ?, ?)',
      row.id,
      row.name,
      row.owner_id,
      row.created_at,
    );
  }
  async addCommunityChat(communityId: number, chatPk: number, at: number) {
    this.#sql.run(
      'INSERT INTO community_chats (chat_pk, community_id, added_at) VALUES (?, ?, ?)',
      chatPk,
      communityId,
      at,
    );
  }
  async removeCommunityChat(communityId: number, chatPk: number) {
    const result = this.#sql.run(
      'DELETE FROM community_chats WHERE community_id = ? AND chat_pk = ?',
      communityId,
      chatPk,
    );
    return result.changes > 0;
  }
}
