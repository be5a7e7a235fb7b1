/** Verification requests and verified sender channels on PostgreSQL (ports/gateway/requests.ts). */
import type { PgSql } from '../pg-sql.js';
import { GATEWAY_REQUESTS_SQL as SQL } from '../../sql/gateway.js';
import type { RequestsReader, RequestsWriter, VerificationRequestRow } from '../../ports/gateway/requests.js';

/** Every column of a request as the port has it, listed once (the compiler checks none is missing). */
const COLUMNS: Record<keyof VerificationRequestRow, true> = {
  request_id: true,
  account_id: true,
  user_id: true,
  phone_number: true,
  cost: true,
  is_refunded: true,
  created_at: true,
  sent_at: true,
  chat_pk: true,
  message_id: true,
  sender_chat_pk: true,
  code_hash: true,
  code_expires_at: true,
  attempts: true,
  delivery_status: true,
  delivery_updated_at: true,
  verification_status: true,
  verification_updated_at: true,
  code_entered: true,
  callback_url: true,
  payload: true,
  ttl: true,
};
/** A request's columns (without the table's own key, seq), for the insert (reads: sql/gateway.ts). */
const REQUEST = Object.keys(COLUMNS) as Array<keyof VerificationRequestRow>;

export class PgRequests implements RequestsReader, RequestsWriter {
  constructor(private readonly sql: PgSql) {}

  async getRequest(requestId: string) {
    return (await this.sql.get(SQL.getRequest.postgres, requestId)) as VerificationRequestRow | undefined;
  }
  async listAccountRequests(accountId: number, limit: number) {
    return (await this.sql.all(
      SQL.listAccountRequests,
      accountId,
      limit,
    )) as unknown as VerificationRequestRow[];
  }
  async listSentRequests(userId: number, limit: number) {
    const rows = (await this.sql.all(
      SQL.listSentRequests,
      userId,
      limit,
    )) as unknown as VerificationRequestRow[];
    return rows.reverse();
  }
  async listUndeliveredRequests(userId: number) {
    return (await this.sql.all(SQL.listUndeliveredRequests, userId)) as unknown as VerificationRequestRow[];
  }
  async insertRequest(row: VerificationRequestRow) {
    // Only the port's columns: seq is generated.
    const values: Record<string, unknown> = {};
    for (const name of REQUEST) values[name] = row[name];
    await this.sql.insert('gateway_requests', values);
  }
  async updateRequest(requestId: string, patch: Partial<Omit<VerificationRequestRow, 'request_id'>>) {
    await this.sql.update('gateway_requests', 'request_id', requestId, patch);
  }

  async getChannelVerifiedAt(chatPk: number) {
    return (await this.sql.get(SQL.getChannelVerifiedAt, chatPk))?.verified_at as number | undefined;
  }
  async setChannelVerified(chatPk: number, verifiedAt: number | null) {
    if (verifiedAt === null) {
      await this.sql.run(SQL.unsetChannelVerified, chatPk);
      return;
    }
    await this.sql.run(SQL.setChannelVerified, chatPk, verifiedAt);
  }
  async deleteMessage(chatPk: number, messageId: number) {
    await this.sql.run(SQL.deleteMessage, chatPk, messageId);
  }
}
