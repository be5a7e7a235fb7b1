/** Verification requests and verified sender channels on SQLite (ports/gateway/requests.ts). */
import { columnsOf, inserter } from './row-helpers.js';
import { LIMIT_PARAM as LIMIT, type Row, type SqlStatements } from '../sql-statements.js';
import type { RequestsReader, RequestsWriter, VerificationRequestRow } from '../../ports/gateway/requests.js';

function toRequest(row: Row | undefined): VerificationRequestRow | undefined {
  return row
    ? ({ ...row, is_refunded: row.is_refunded === 1 } as unknown as VerificationRequestRow)
    : undefined;
}

const REQUEST_COLUMNS = columnsOf<VerificationRequestRow>({
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
});
const insertRequestRow = inserter<VerificationRequestRow>('gateway_requests', REQUEST_COLUMNS);
/** A request's columns as the port has them (without seq). */
const REQUEST = REQUEST_COLUMNS.join(', ');

export class SqliteRequests implements RequestsReader, RequestsWriter {
  constructor(private readonly sql: SqlStatements) {}

  async getRequest(requestId: string) {
    return toRequest(this.sql.get(`SELECT ${REQUEST} FROM gateway_requests WHERE request_id = ?`, requestId));
  }
  async listAccountRequests(accountId: number, limit: number) {
    return this.sql
      .all(
        `SELECT ${REQUEST} FROM gateway_requests WHERE account_id = ?
         ORDER BY created_at DESC, seq DESC LIMIT ${LIMIT}`,
        accountId,
        limit,
      )
      .map((r) => toRequest(r)!);
  }
  async listSentRequests(userId: number, limit: number) {
    const rows = this.sql.all(
      `SELECT ${REQUEST} FROM gateway_requests WHERE user_id = ? AND sent_at IS NOT NULL
       ORDER BY sent_at DESC, seq DESC LIMIT ${LIMIT}`,
      userId,
      limit,
    );
    return rows.map((r) => toRequest(r)!).reverse();
  }
  async listUndeliveredRequests(userId: number) {
    return this.sql
      .all(
        `SELECT ${REQUEST} FROM gateway_requests WHERE user_id = ? AND delivery_status = 'sent' ORDER BY seq`,
        userId,
      )
      .map((r) => toRequest(r)!);
  }
  async insertRequest(row: VerificationRequestRow) {
    insertRequestRow(this.sql, row);
  }
  async updateRequest(requestId: string, patch: Partial<Omit<VerificationRequestRow, 'request_id'>>) {
    this.sql.update('gateway_requests', 'request_id', requestId, patch);
  }

  async getChannelVerifiedAt(chatPk: number) {
    return this.sql.get('SELECT verified_at FROM gateway_channels WHERE chat_pk = ?', chatPk)?.verified_at as
      number | undefined;
  }
  async setChannelVerified(chatPk: number, verifiedAt: number | null) {
    if (verifiedAt === null) {
      this.sql.run('DELETE FROM gateway_channels WHERE chat_pk = ?', chatPk);
      return;
    }
    this.sql.run(
      `INSERT INTO gateway_channels (chat_pk, verified_at) VALUES (?, ?)
       ON CONFLICT (chat_pk) DO UPDATE SET verified_at = excluded.verified_at`,
      chatPk,
      verifiedAt,
    );
  }
  async deleteMessage(chatPk: number, messageId: number) {
    this.sql.run('DELETE FROM messages WHERE chat_pk = ? AND message_id = ?', chatPk, messageId);
  }
}
