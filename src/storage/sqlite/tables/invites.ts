/** Invite links and join requests on SQLite (ports/invites.ts). */
import { sqlValue, type Row, type SqlStatements } from '../sql-statements.js';
import {
  type InviteLinkRow,
  type InvitesReader,
  type InvitesWriter,
  type JoinRequestRow,
} from '../../ports/invites.js';

function toInviteLink(row: Row | undefined): InviteLinkRow | undefined {
  if (!row) return undefined;
  return {
    ...(row as unknown as InviteLinkRow),
    creates_join_request: row.creates_join_request === 1,
    is_primary: row.is_primary === 1,
    is_revoked: row.is_revoked === 1,
  };
}

export class SqliteInvites implements InvitesReader, InvitesWriter {
  readonly #sql: SqlStatements;

  constructor(sql: SqlStatements) {
    this.#sql = sql;
  }

  async getInviteLink(link: string) {
    return toInviteLink(this.#sql.get('SELECT * FROM chat_invite_links WHERE link = ?', link));
  }
  async listInviteLinks(chatPk: number) {
    return this.#sql
      .all('SELECT * FROM chat_invite_links WHERE chat_pk = ? ORDER BY created_at, rowid', chatPk)
      .map((row) => toInviteLink(row)!);
  }
  async insertInviteLink(row: InviteLinkRow) {
    this.#sql.insert('chat_invite_links', row);
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
    this.#sql.run(sql, ...keys.map((k) => sqlValue(patch[k] ?? null)), link);
  }
  async getJoinRequest(chatPk: number, userId: number) {
    return this.#sql.get(
      'SELECT * FROM chat_join_requests WHERE chat_pk = ? AND user_id = ?',
      chatPk,
      userId,
    ) as JoinRequestRow | undefined;
  }
  async listJoinRequests(chatPk: number) {
    return this.#sql.all(
      'SELECT * FROM chat_join_requests WHERE chat_pk = ? ORDER BY date, user_id',
      chatPk,
    ) as unknown as JoinRequestRow[];
  }
  async upsertJoinRequest(row: JoinRequestRow) {
    this.#sql.run(
      `INSERT INTO chat_join_requests (chat_pk, user_id, invite_link, date) VALUES (?, ?, ?, ?)
       ON CONFLICT (chat_pk, user_id) DO UPDATE SET invite_link = excluded.invite_link, date = excluded.date`,
      row.chat_pk,
      row.user_id,
      row.invite_link,
      row.date,
    );
  }
  async deleteJoinRequest(chatPk: number, userId: number) {
    this.#sql.run('DELETE FROM chat_join_requests WHERE chat_pk = ? AND user_id = ?', chatPk, userId);
  }
}
