/**
 * The storage sub-port of the Verification Gateway and of people's devices. It hangs off the main
 * port (`store.gateway`, `tx.gateway`) and shares its connection, so that gateway writes join the
 * transaction (and group commit) of `store.write`: a charge, the request, its message and its jobs
 * commit together or not at all. One contract suite (gateway-store.contract.ts) runs per adapter.
 *
 * Money columns are integer units (1 credit = 1 000 000 units); see platform/gateway/money.ts.
 */

export interface DeviceRow {
  id: number;
  user_id: number;
  name: string;
  online: boolean;
  /** Seconds from a message reaching the online device to its receipt acknowledgement. */
  receipt_delay: number;
  /** Seconds from receipt to the read acknowledgement; null: only when the person reads it. */
  read_delay: number | null;
  created_at: number;
}

export interface GatewayAccountRow {
  id: number;
  owner_user_id: number;
  /** HMAC-SHA-256(server key, token), hex: finds the account from a token (ADR 0010). */
  token_lookup: string;
  /** SHA-256(token), the 32-byte key of delivery report signatures (spec §6). */
  signing_key: Buffer;
  balance: number;
  default_price: number;
  created_at: number;
}

export interface GatewayPriceRow {
  account_id: number;
  /** Leading digits of the E.164 number (a country calling code, or a longer prefix). */
  prefix: string;
  price: number;
}

export type LedgerKind = 'top_up' | 'charge' | 'refund';

export interface LedgerRow {
  id: number;
  account_id: number;
  kind: LedgerKind;
  /** Signed: negative for a charge. */
  amount: number;
  balance_after: number;
  request_id: string | null;
  created_at: number;
}

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

export type GatewayJobKind = 'report' | 'receipt' | 'read' | 'expire';

export interface GatewayJobRow {
  id: number;
  kind: GatewayJobKind;
  request_id: string;
  /** Virtual ms at which the job is due. */
  run_at: number;
  /** Failed attempts so far (reports). */
  attempts: number;
  /** The report's JSON body, as of the status change it reports. */
  body: string | null;
  /** The device that acknowledges ('receipt'). */
  device_id: number | null;
  created_at: number;
}

export type ReportOutcome = 'delivered' | 'failed' | 'lost';

export interface DeliveryLogRow {
  id: number;
  account_id: number;
  request_id: string;
  /** 1 for the first attempt of a report, up to 11. */
  attempt: number;
  url: string;
  /** X-Request-Timestamp sent. */
  timestamp: number;
  /** X-Request-Signature sent. */
  signature: string;
  body: string;
  status_code: number | null;
  error: string | null;
  outcome: ReportOutcome;
  /** Virtual ms of the next attempt ('failed'). */
  next_attempt_at: number | null;
  /** Virtual ms of the attempt. */
  created_at: number;
}

/** Which jobs a worker takes: report deliveries or the timed jobs (receipt, read, expire). */
export type JobLane = 'report' | 'timed';

export interface GatewayStore {
  listDevices(userId: number): Promise<DeviceRow[]>;
  getDevice(id: number): Promise<DeviceRow | undefined>;

  getAccount(id: number): Promise<GatewayAccountRow | undefined>;
  getAccountByLookup(tokenLookup: string): Promise<GatewayAccountRow | undefined>;
  listPrices(accountId: number): Promise<GatewayPriceRow[]>;
  /** The newest `limit` ledger entries, oldest first. */
  listLedger(accountId: number, limit: number): Promise<LedgerRow[]>;

  getRequest(requestId: string): Promise<VerificationRequestRow | undefined>;
  /** The user's requests whose message was sent, newest `limit`, oldest first. */
  listSentRequests(userId: number, limit: number): Promise<VerificationRequestRow[]>;
  /** The user's requests whose message waits for a device (delivery_status 'sent'). */
  listUndeliveredRequests(userId: number): Promise<VerificationRequestRow[]>;

  /**
   * Due jobs of a lane, by run_at then id, at most `limit`. A report is due only when no earlier
   * report of its request is pending, so that a request's reports go out one at a time, in order.
   */
  listDueJobs(lane: JobLane, nowMs: number, limit: number): Promise<GatewayJobRow[]>;
  /** The earliest run_at among the lane's jobs that could become due, or undefined. */
  nextJobAt(lane: JobLane): Promise<number | undefined>;
  getJob(id: number): Promise<GatewayJobRow | undefined>;
  listJobs(requestId: string): Promise<GatewayJobRow[]>;
  listPendingReports(filter: { accountId?: number; requestId?: string }): Promise<GatewayJobRow[]>;

  /** The newest `limit` log entries matching the filter, oldest first. */
  listDeliveryLog(filter: {
    accountId?: number;
    requestId?: string;
    limit: number;
  }): Promise<DeliveryLogRow[]>;

  getChannelVerifiedAt(chatPk: number): Promise<number | undefined>;
}

export interface GatewayStoreTx extends GatewayStore {
  insertDevice(row: Omit<DeviceRow, 'id'>): Promise<number>;
  updateDevice(id: number, patch: Partial<Omit<DeviceRow, 'id' | 'user_id'>>): Promise<void>;

  insertAccount(row: Omit<GatewayAccountRow, 'id'>): Promise<number>;
  /**
   * Takes `amount` from the balance only if the balance covers it, in one statement. Returns the new
   * balance, or undefined (nothing changed) when it does not.
   */
  debit(accountId: number, amount: number): Promise<number | undefined>;
  /** Adds `amount` and returns the new balance. */
  credit(accountId: number, amount: number): Promise<number>;
  setDefaultPrice(accountId: number, price: number): Promise<void>;
  /** Sets a prefix's price, or removes the override with null. */
  setPrice(accountId: number, prefix: string, price: number | null): Promise<void>;
  insertLedger(row: Omit<LedgerRow, 'id'>): Promise<void>;

  insertRequest(row: VerificationRequestRow): Promise<void>;
  updateRequest(requestId: string, patch: Partial<Omit<VerificationRequestRow, 'request_id'>>): Promise<void>;

  insertJob(row: Omit<GatewayJobRow, 'id'>): Promise<number>;
  rescheduleJob(id: number, attempts: number, runAt: number): Promise<void>;
  deleteJob(id: number): Promise<void>;

  insertDeliveryLog(row: Omit<DeliveryLogRow, 'id'>): Promise<void>;

  setChannelVerified(chatPk: number, verifiedAt: number | null): Promise<void>;
  /** Removes a message from its chat (a revoked or expired verification message). */
  deleteMessage(chatPk: number, messageId: number): Promise<void>;
}
