/** Verification requests and verified sender channels on PostgreSQL (ports/gateway/requests.ts). */
import type { PgSql } from '../pg-sql.js';
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
/** A request's columns (without the table's own key, seq). */
const REQUEST = Object.keys(COLUMNS).join(', ');

export class PgRequests implements RequestsReader, RequestsWriter {
  constructor(private readonly sql: PgSql) {}

  async getRequest(requestId: string) {
    return (await this.sql.get(`SELECT ${REQUEST} FROM gateway_requests WHERE request_id = ?`, requestId)) as
      VerificationRequestRow | undefined;
  }
  async listAccountRequests(accountId: number, limit: number) {
    return (await this.sql.all(
      `SELECT ${REQUEST} FROM gateway_requests WHERE account_id = ?
       ORDER BY created_at DESC, seq DESC LIMIT ?`,
      accountId,
      limit,
    )) as unknown as VerificationRequestRow[];
  }
  async listSentRequests(userId: number, limit: number) {
    const rows = (await this.sql.all(
      `SELECT ${REQUEST} FROM gateway_requests WHERE user_id = ? AND sent_at IS NOT NULL
       ORDER BY sent_at DESC, seq DESC LIMIT ?`,
      userId,
      limit,
    )) as unknown as VerificationRequestRow[];
    return rows.reverse();
  }
  async listUndeliveredRequests(userId: number) {
    return (await this.sql.all(
      `SELECT ${REQUEST} FROM gateway_requests WHERE user_id = ? AND delivery_status = 'sent' ORDER BY seq`,
      userId,
    )) as unknown as VerificationRequestRow[];
  }
  async insertRequest(row: VerificationRequestRow) {
    // Only the port's columns: seq is generated.
    const values: Record<string, unknown> = {};
    for (const name of Object.keys(COLUMNS) as Array<keyof VerificationRequestRow>) values[name] = row[name];
    await this.sql.insert('gateway_requests', values);
  }
  async updateRequest(requestId: string, patch: Partial<Omit<VerificationRequestRow, 'request_id'>>) {
    await this.sql.update('gateway_requests', 'request_id', requestId, patch);
  }

  async getChannelVerifiedAt(chatPk: number) {
    return (await this.sql.get('SELECT verified_at FROM gateway_channels WHERE chat_pk = ?', chatPk))
      ?.verified_at as number | undefined;
  }
  async setChannelVerified(chatPk: number, verifiedAt: number | null) {
    if (verifiedAt === null) {
      await this.sql.run('DELETE FROM gateway_channels WHERE chat_pk = ?', chatPk);
      return;
    }
    await this.sql.run(
      `INSERT INTO gateway_channels (chat_pk, verified_at) VALUES (?, ?)
       ON CONFLICT (chat_pk) DO UPDATE SET verified_at = excluded.verified_at`,
      chatPk,
      verifiedAt,
    );
  }
  async deleteMessage(chatPk: number, messageId: number) {
    await this.sql.run('DELETE FROM messages WHERE chat_pk = ? AND message_id = ?', chatPk, messageId);
  }
}
