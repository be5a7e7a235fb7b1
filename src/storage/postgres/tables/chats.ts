/**
 * Chats, members and message ids on PostgreSQL (ports/chats.ts). No caches, and no blocks of message
 * ids: each id is one increment of the chat row, which the transaction then holds, so that ids
 * increase in commit order across processes.
 */
import type { PgSql } from '../pg-sql.js';
import type { ChatRow, ChatsReader, ChatsWriter, MemberRow } from '../../ports/chats.js';

export class PgChats implements ChatsReader, ChatsWriter {
  constructor(private readonly sql: PgSql) {}

  async getChat(pk: number) {
    return (await this.sql.get('SELECT * FROM chats WHERE pk = ?', pk)) as ChatRow | undefined;
  }
  async getChatById(id: number) {
    return (await this.sql.get('SELECT * FROM chats WHERE id = ?', id)) as ChatRow | undefined;
  }
  async getChatByUsername(username: string) {
    return (await this.sql.get('SELECT * FROM chats WHERE lower(username) = lower(?)', username)) as
      ChatRow | undefined;
  }
  async getPrivateChat(userA: number, userB: number) {
    const [a, b] = userA < userB ? [userA, userB] : [userB, userA];
    return (await this.sql.get('SELECT * FROM chats WHERE user_a = ? AND user_b = ?', a, b)) as
      ChatRow | undefined;
  }
  async insertChat(row: Omit<ChatRow, 'pk'>) {
    return (await this.sql.insert('chats', row, 'pk'))!;
  }
  async updateChat(
    pk: number,
    patch: Partial<
      Pick<
        ChatRow,
        'title' | 'description' | 'username' | 'permissions' | 'migrated_to_id' | 'photo_file_pk' | 'is_forum'
      >
    >,
  ) {
    const keys = Object.keys(patch) as Array<keyof typeof patch>;
    if (keys.length === 0) return;
    const sql = `UPDATE chats SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE pk = ?`;
    await this.sql.run(sql, ...keys.map((k) => patch[k] ?? null), pk);
  }
  async nextMessageId(chatPk: number) {
    const row = await this.sql.get(
      'UPDATE chats SET last_message_id = last_message_id + 1 WHERE pk = ? RETURNING last_message_id',
      chatPk,
    );
    if (!row) throw new Error(`chat ${chatPk} does not exist`);
    return row.last_message_id as number;
  }
  async getMember(chatPk: number, userId: number) {
    return (await this.sql.get(
      'SELECT * FROM chat_members WHERE chat_pk = ? AND user_id = ?',
      chatPk,
      userId,
    )) as MemberRow | undefined;
  }
  async listMembers(chatPk: number) {
    return (await this.sql.all(
      'SELECT * FROM chat_members WHERE chat_pk = ? ORDER BY user_id',
      chatPk,
    )) as unknown as MemberRow[];
  }
  async upsertMember(row: MemberRow) {
    await this.sql.run(
      `INSERT INTO chat_members (chat_pk, user_id, status, data, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (chat_pk, user_id) DO UPDATE SET status = excluded.status, data = excluded.data,
       updated_at = excluded.updated_at`,
      row.chat_pk,
      row.user_id,
      row.status,
      row.data,
      row.updated_at,
    );
  }
}
