/** Invite links and join requests on PostgreSQL (ports/invites.ts). */
import type { PgSql } from '../pg-sql.js';
import type { InviteLinkRow, InvitesReader, InvitesWriter, JoinRequestRow } from '../../ports/invites.js';

export class PgInvites implements InvitesReader, InvitesWriter {
  constructor(private readonly sql: PgSql) {}

  async getInviteLink(link: string) {
    return (await this.sql.get('SELECT * FROM chat_invite_links WHERE link = ?', link)) as
      InviteLinkRow | undefined;
  }
  async listInviteLinks(chatPk: number) {
    // Links made in the same second: by link (SQLite breaks the tie by insertion order, its rowid).
    return (await this.sql.all(
      'SELECT * FROM chat_invite_links WHERE chat_pk = ? ORDER BY created_at, link',
      chatPk,
    )) as unknown as InviteLinkRow[];
  }
  async insertInviteLink(row: InviteLinkRow) {
    await this.sql.insert('chat_invite_links', row);
  }
  async updateInviteLink(
    link: string,
    patch: Partial<
      Pick<InviteLinkRow, 'name' | 'expire_date' | 'member_limit' | 'creates_join_request' | 'is_revoked'>
    >,
  ) {
    const keys = Object.keys(patch) as Array<keyof typeof patch>;
    if (keys.length === 0) return;
    const sql = `UPDATE chat_invite_links SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE link = ?`;
    await this.sql.run(sql, ...keys.map((k) => patch[k] ?? null), link);
  }
  async getJoinRequest(chatPk: number, userId: number) {
    return (await this.sql.get(
      'SELECT * FROM chat_join_requests WHERE chat_pk = ? AND user_id = ?',
      chatPk,
      userId,
    )) as JoinRequestRow | undefined;
  }
  async listJoinRequests(chatPk: number) {
    return (await this.sql.all(
      'SELECT * FROM chat_join_requests WHERE chat_pk = ? ORDER BY date, user_id',
      chatPk,
    )) as unknown as JoinRequestRow[];
  }
  async upsertJoinRequest(row: JoinRequestRow) {
    await this.sql.run(
      `INSERT INTO chat_join_requests (chat_pk, user_id, invite_link, date) VALUES (?, ?, ?, ?)
       ON CONFLICT (chat_pk, user_id) DO UPDATE SET invite_link = excluded.invite_link, date = excluded.date`,
      row.chat_pk,
      row.user_id,
      row.invite_link,
      row.date,
    );
  }
  async deleteJoinRequest(chatPk: number, userId: number) {
    await this.sql.run('DELETE FROM chat_join_requests WHERE chat_pk = ? AND user_id = ?', chatPk, userId);
  }
}
