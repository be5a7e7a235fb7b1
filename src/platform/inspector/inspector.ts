/**
 * The operator's view of the machinery (the web client's inspector, ADR 0055): bots with their
 * webhook and pending updates, gateway accounts and what became of their requests. Read-only.
 */
import type { Platform } from '../assembly/platform.js';
import { messageFacts } from '../gateway/inbox.js';
import { codeExpiredAt } from '../gateway/delivery.js';
import { toCredits } from '../gateway/money.js';
import type { VerificationRequestRow } from '../../storage/gateway-store.js';

export interface BotSummary {
  id: number;
  first_name: string;
  username: string;
  pending_update_count: number;
  webhook: Record<string, unknown>;
}

export interface PendingUpdate {
  update_id: number;
  type: string;
  date: number;
  attempts: number;
  next_attempt_date?: number;
  update: Record<string, unknown>;
}

export interface VerificationRequestView {
  request_id: string;
  account_id: number;
  phone_number: string;
  cost: number;
  is_refunded: boolean;
  created_at: number;
  sent_at?: number;
  delivery_status?: NonNullable<VerificationRequestRow['delivery_status']>;
  verification_status?: NonNullable<VerificationRequestRow['verification_status']> | 'expired';
  code_entered?: string;
  attempts?: number;
  callback_url?: string;
  payload?: string;
  ttl?: number;
  code?: string;
  sender_username?: string;
}

const inspectors = new WeakMap<Platform, Inspector>();

export class Inspector {
  static of(platform: Platform): Inspector {
    let inspector = inspectors.get(platform);
    if (!inspector) inspectors.set(platform, (inspector = new Inspector(platform)));
    return inspector;
  }

  private constructor(private readonly platform: Platform) {}

  async bots(limit: number): Promise<BotSummary[]> {
    const rows = await this.platform.deps.store.listBots(limit);
    return Promise.all(
      rows.map(async (row) => {
        const webhook = await this.platform.webhooks.info(row.id);
        return {
          id: row.id,
          first_name: row.first_name,
          username: row.username ?? '',
          pending_update_count: webhook.pending_update_count,
          // The control API's schema keeps WebhookInfo an open object.
          webhook: { ...webhook },
        };
      }),
    );
  }

  async pendingUpdates(botRef: string, limit: number): Promise<PendingUpdate[]> {
    const { store, clock } = this.platform.deps;
    const bot = await this.platform.users.resolve(botRef, 'bot');
    const rows = await store.listUpdates(bot.id, 0, limit, clock.now());
    return rows.map((row) => ({
      update_id: row.update_id,
      type: row.type,
      date: row.created_at,
      attempts: row.attempts,
      ...(row.attempts > 0 ? { next_attempt_date: Math.ceil(row.next_attempt_at / 1000) } : {}),
      update: { update_id: row.update_id, [row.type]: JSON.parse(row.payload) as unknown },
    }));
  }

  async accounts(limit: number) {
    const ids = await this.platform.deps.store.gateway.listAccountIds(limit);
    return Promise.all(ids.map((id) => this.platform.gateway.accounts.view(id)));
  }

  async requests(accountId: number, limit: number): Promise<VerificationRequestView[]> {
    const { store, clock } = this.platform.deps;
    await this.platform.gateway.accounts.view(accountId); // GATEWAY_ACCOUNT_NOT_FOUND
    const rows = await store.gateway.listAccountRequests(accountId, limit);
    const nowMs = clock.nowMs();
    return Promise.all(
      rows.map(async (row) => ({ ...view(row, nowMs), ...(await messageFacts(store, row)) })),
    );
  }
}

function view(row: VerificationRequestRow, nowMs: number): VerificationRequestView {
  const out: VerificationRequestView = {
    request_id: row.request_id,
    account_id: row.account_id,
    phone_number: row.phone_number,
    cost: toCredits(row.cost),
    is_refunded: row.is_refunded,
    created_at: row.created_at,
  };
  if (row.sent_at !== null) out.sent_at = row.sent_at;
  if (row.delivery_status !== null) out.delivery_status = row.delivery_status;
  // A code past its lifetime shows as expired even before a read of the request wrote it.
  if (codeExpiredAt(row, nowMs) !== undefined) out.verification_status = 'expired';
  else if (row.verification_status !== null) out.verification_status = row.verification_status;
  if (row.code_entered !== null) out.code_entered = row.code_entered;
  if (row.attempts > 0) out.attempts = row.attempts;
  if (row.callback_url !== null) out.callback_url = row.callback_url;
  if (row.payload !== null) out.payload = row.payload;
  if (row.ttl !== null) out.ttl = row.ttl;
  return out;
}
