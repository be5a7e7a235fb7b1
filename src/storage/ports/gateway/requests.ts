/**
 * Verification requests and verified sender channels (tables `gateway_requests`,
 * `gateway_channels`), and the removal of a verification message from its chat.
 *
 * Contract:
 * - A request is written in the same write as the charge that pays for it, its message and its jobs.
 * - `updateRequest` is atomic per call; concurrent status changes of one request are serialised by
 *   the write that makes them (the platform reads the row inside that write before changing it).
 * - Lists answer in the order they name; request_ids are unique (a UniqueViolation otherwise).
 */

export type DeliveryStatusValue = 'sent' | 'delivered' | 'read' | 'expired' | 'revoked';
export type VerificationStatusValue =
  'code_valid' | 'code_invalid' | 'code_max_attempts_exceeded' | 'expired';

export interface VerificationRequestRow {
  request_id: string;
  account_id: number;
  user_id: number;
  phone_number: string;
  /** Units charged for the request (0 for the owner's own number). */
  cost: number;
  is_refunded: boolean;
  created_at: number;
  /** When a message was sent for it; null for a checkSendAbility request not yet used. */
  sent_at: number | null;
  chat_pk: number | null;
  message_id: number | null;
  sender_chat_pk: number | null;
  code_hash: string | null;
  code_expires_at: number | null;
  /** Wrong codes entered so far. */
  attempts: number;
  delivery_status: DeliveryStatusValue | null;
  delivery_updated_at: number | null;
  verification_status: VerificationStatusValue | null;
  verification_updated_at: number | null;
  code_entered: string | null;
  callback_url: string | null;
  payload: string | null;
  ttl: number | null;
}

export interface RequestsReader {
  getRequest(requestId: string): Promise<VerificationRequestRow | undefined>;
  /** The user's requests whose message was sent, newest `limit`, oldest first. */
  listSentRequests(userId: number, limit: number): Promise<VerificationRequestRow[]>;
  /** The user's requests whose message waits for a device (delivery_status 'sent'). */
  listUndeliveredRequests(userId: number): Promise<VerificationRequestRow[]>;
  getChannelVerifiedAt(chatPk: number): Promise<number | undefined>;
  /** An account's requests, newest `limit`, newest first (the operator's inspector). */
  listAccountRequests(accountId: number, limit: number): Promise<VerificationRequestRow[]>;
  /**
   * Optional: a request_id for a request about to be inserted, made by the adapter (15 digits, not
   * starting with 0, never handed out before, not telling the order of requests) so that it can find
   * requests without an index of random ids (ADR 0015). Any request_id may still be inserted; one
   * made here may still be refused as taken (a UniqueViolation), and the caller asks again. Without
   * it the platform draws request_ids at random.
   */
  newRequestId?(): Promise<string>;
}

export interface RequestsWriter {
  insertRequest(row: VerificationRequestRow): Promise<void>;
  updateRequest(requestId: string, patch: Partial<Omit<VerificationRequestRow, 'request_id'>>): Promise<void>;
  setChannelVerified(chatPk: number, verifiedAt: number | null): Promise<void>;
  /** Removes a message from its chat (a revoked or expired verification message). */
  deleteMessage(chatPk: number, messageId: number): Promise<void>;
}
