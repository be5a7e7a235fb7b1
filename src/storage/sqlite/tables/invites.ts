/** Invite links and join requests on SQLite (ports/invites.ts). */
import { sqlValue, type Row, type SqlStatements } from '../sql-statements.js';
import {
  type InviteLinkRow,
  type InvitesReader,
  type InvitesWriter,
  type JoinRequestRow,
} from '../../ports/invites.js';
import { INVITES_SQL as SQL } from '../../sql/invites.js';
import { updateSql } from '../../sql/rows.js';

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
    return toInviteLink(this.#sql.get(SQL.getInviteLink, link));
  }
  async listInviteLinks(chatPk: number) {
    return this.#sql.all(SQL.listInviteLinks.sqlite, chatPk).map((row) => toInviteLink(row)!);
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
    this.#sql.run(
      updateSql('chat_invite_links', keys, 'link = ?'),
      ...keys.map((k) => sqlValue(patch[k] ?? null)),
      link,
    );
  }
  async getJoinRequest(chatPk: number, userId: number) {
    return this.#sql.get(SQL.getJoinRequest, chatPk, userId) as JoinRequestRow | undefined;
  }
  async listJoinRequests(chatPk: number) {
    return this.#sql.all(SQL.listJoinRequests, chatPk) as unknown as JoinRequestRow[];
  }
  async upsertJoinRequest(row: JoinRequestRow) {
    this.#sql.run(SQL.upsertJoinRequest, row.chat_pk, row.user_id, row.invite_link, row.date);
  }
  async deleteJoinRequest(chatPk: number, userId: number) {
    this.#sql.run(SQL.deleteJoinRequest, chatPk, userId);
  }
}
