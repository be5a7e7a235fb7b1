/** Invite links and join requests on PostgreSQL (ports/invites.ts). */
import type { PgSql } from '../pg-sql.js';
import type { InviteLinkRow, InvitesReader, InvitesWriter, JoinRequestRow } from '../../ports/invites.js';
import { INVITES_SQL as SQL } from '../../sql/invites.js';
import { updateSql } from '../../sql/rows.js';

export class PgInvites implements InvitesReader, InvitesWriter {
  constructor(private readonly sql: PgSql) {}

  async getInviteLink(link: string) {
    return (await this.sql.get(SQL.getInviteLink, link)) as InviteLinkRow | undefined;
  }
  async listInviteLinks(chatPk: number) {
    return (await this.sql.all(SQL.listInviteLinks.postgres, chatPk)) as unknown as InviteLinkRow[];
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
    await this.sql.run(
      updateSql('chat_invite_links', keys, 'link = ?'),
      ...keys.map((k) => patch[k] ?? null),
      link,
    );
  }
  async getJoinRequest(chatPk: number, userId: number) {
    return (await this.sql.get(SQL.getJoinRequest, chatPk, userId)) as JoinRequestRow | undefined;
  }
  async listJoinRequests(chatPk: number) {
    return (await this.sql.all(SQL.listJoinRequests, chatPk)) as unknown as JoinRequestRow[];
  }
  async upsertJoinRequest(row: JoinRequestRow) {
    await this.sql.run(SQL.upsertJoinRequest, row.chat_pk, row.user_id, row.invite_link, row.date);
  }
  async deleteJoinRequest(chatPk: number, userId: number) {
    await this.sql.run(SQL.deleteJoinRequest, chatPk, userId);
  }
}
