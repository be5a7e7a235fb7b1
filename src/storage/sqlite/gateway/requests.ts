/** Verification requests and verified sender channels on SQLite (ports/gateway/requests.ts). */
import { columnsOf } from './row-helpers.js';
import { type RequestIds } from './request-ids.js';
import { sqlValue, type Row, type SqlStatements } from '../sql-statements.js';
import { GATEWAY_REQUESTS_SQL as SQL, SEQ_OF } from '../../sql/gateway.js';
import { UniqueViolation } from '../../store.js';
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
/** A request's columns as the port has them (without seq), for the inserts (reads: sql/gateway.ts). */
const REQUEST = REQUEST_COLUMNS.join(', ');
const PLACES = REQUEST_COLUMNS.map(() => '?').join(', ');
/** An id this store made: refused (no row) if it equals one of the other ids. */
const INSERT_MADE = `INSERT INTO gateway_requests (seq, ${REQUEST}) SELECT ?, ${PLACES}
  WHERE NOT EXISTS (SELECT 1 FROM gateway_request_other_ids WHERE request_id = ?)`;
const INSERT_OTHER = `INSERT INTO gateway_requests (seq, ${REQUEST}) VALUES (?, ${PLACES})`;

const taken = () => new UniqueViolation('gateway_requests.request_id');

export class SqliteRequests implements RequestsReader, RequestsWriter {
  constructor(
    private readonly sql: SqlStatements,
    private readonly ids: RequestIds,
  ) {}

  async newRequestId() {
    return this.ids.make();
  }
  async getRequest(requestId: string) {
    return toRequest(this.sql.get(SQL.getRequest.sqlite, ...this.ids.seqParams(requestId)));
  }
  async listAccountRequests(accountId: number, limit: number) {
    return this.sql.all(SQL.listAccountRequests, accountId, limit).map((r) => toRequest(r)!);
  }
  async listSentRequests(userId: number, limit: number) {
    const rows = this.sql.all(SQL.listSentRequests, userId, limit);
    return rows.map((r) => toRequest(r)!).reverse();
  }
  async listUndeliveredRequests(userId: number) {
    return this.sql.all(SQL.listUndeliveredRequests, userId).map((r) => toRequest(r)!);
  }
  async insertRequest(row: VerificationRequestRow) {
    const { request_id: requestId } = row;
    const values = REQUEST_COLUMNS.map((name) => sqlValue(row[name]));
    const { seq, made } = this.ids.seqForInsert(requestId);
    if (made) {
      try {
        if (this.sql.run(INSERT_MADE, seq, ...values, requestId).changes === 0) throw taken();
      } catch (error) {
        // Its seq was taken: by another connection to the file, whose seqs this one now skips.
        if (error instanceof UniqueViolation) this.ids.resync();
        throw error;
      }
      return;
    }
    const [computed] = this.ids.seqParams(requestId);
    if (
      this.sql.get(
        'SELECT 1 AS x FROM gateway_requests WHERE seq = ? AND request_id = ?',
        computed,
        requestId,
      )
    )
      throw taken();
    try {
      this.sql.run('INSERT INTO gateway_request_other_ids (request_id, seq) VALUES (?, ?)', requestId, seq);
      this.sql.run(INSERT_OTHER, seq, ...values);
    } catch (error) {
      if (error instanceof UniqueViolation) this.ids.resync();
      throw error;
    }
  }
  async updateRequest(requestId: string, patch: Partial<Omit<VerificationRequestRow, 'request_id'>>) {
    const keys = Object.keys(patch) as Array<keyof typeof patch>;
    if (keys.length === 0) return;
    this.sql.run(
      `UPDATE gateway_requests SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE seq = ${SEQ_OF.sqlite}`,
      ...keys.map((k) => sqlValue(patch[k])),
      ...this.ids.seqParams(requestId),
    );
  }

  async getChannelVerifiedAt(chatPk: number) {
    return this.sql.get(SQL.getChannelVerifiedAt, chatPk)?.verified_at as number | undefined;
  }
  async setChannelVerified(chatPk: number, verifiedAt: number | null) {
    if (verifiedAt === null) {
      this.sql.run(SQL.unsetChannelVerified, chatPk);
      return;
    }
    this.sql.run(SQL.setChannelVerified, chatPk, verifiedAt);
  }
  async deleteMessage(chatPk: number, messageId: number) {
    this.sql.run(SQL.deleteMessage, chatPk, messageId);
  }
}
