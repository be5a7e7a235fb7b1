/** Rows the contract suites start from. */
import type { GatewayJobRow, VerificationRequestRow } from '../gateway-store.js';
import type { BotRow, ChatRow, MemberRow, UpdateRow, UserRow } from '../store.js';
import type { CallbackQueryRow } from '../ports/messages.js';
import type { NewWebhookAttempt } from '../ports/webhook-log.js';

export const user = (id: number, extra: Partial<UserRow> = {}): UserRow => ({
  id,
  is_bot: false,
  first_name: `User ${id}`,
  last_name: null,
  username: null,
  phone_number: `+1555000${id}`,
  language_code: null,
  created_at: 1_700_000_000,
  ...extra,
});

/** A plain member of a chat. */
export const member = (chatPk: number, userId: number): MemberRow => ({
  chat_pk: chatPk,
  user_id: userId,
  status: 'member',
  data: '{}',
  updated_at: 1,
});

/** A chat's row (private and empty unless `extra` says otherwise). */
export const chat = (extra: Partial<ChatRow> = {}): Omit<ChatRow, 'pk'> => ({
  id: null,
  type: 'private',
  title: null,
  username: null,
  description: null,
  user_a: null,
  user_b: null,
  last_message_id: 0,
  created_at: 1,
  ...extra,
});

export const bot = (id: number): BotRow => ({
  id,
  token_secret: 'secret-secret-secret-secret',
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  logged_out_until: 0,
  last_update_id: 5_000_000,
  last_update_at: 0,
  allowed_updates: null,
  webhook_url: '',
  webhook_secret: null,
  webhook_max_connections: 40,
  webhook_ip_address: null,
  webhook_ip_fixed: false,
  webhook_certificate: null,
  webhook_set_at: null,
  last_error_date: null,
  last_error_message: null,
  last_sync_error_date: null,
});

/** An unanswered callback query of bot 1, pressed by user 2 under message 4 of chat 3. */
export const callbackQuery = (id: string): CallbackQueryRow => ({
  id,
  bot_id: 1,
  user_id: 2,
  chat_pk: 3,
  message_id: 4,
  data: 'x',
  created_at: 10,
  answered_at: null,
  answer: null,
});

export const update = (botId: number, updateId: number, extra: Partial<UpdateRow> = {}): UpdateRow => ({
  bot_id: botId,
  update_id: updateId,
  type: 'message',
  payload: '{}',
  queue_key: 'c1',
  created_at: 1000,
  expires_at: 1000 + 86_400,
  attempts: 0,
  next_attempt_at: 0,
  ...extra,
});

export const verificationRequest = (
  id: string,
  extra: Partial<VerificationRequestRow> = {},
): VerificationRequestRow => ({
  request_id: id,
  account_id: 1,
  user_id: 7,
  phone_number: '+15550007',
  cost: 10_000,
  is_refunded: false,
  created_at: 1000,
  sent_at: 1000,
  chat_pk: null,
  message_id: null,
  sender_chat_pk: null,
  code_hash: 'ab',
  code_expires_at: 600_000,
  attempts: 0,
  delivery_status: 'sent',
  delivery_updated_at: 1000,
  verification_status: null,
  verification_updated_at: null,
  code_entered: null,
  callback_url: 'http://127.0.0.1:9/',
  payload: null,
  ttl: null,
  ...extra,
});

export const gatewayJob = (
  requestId: string,
  kind: GatewayJobRow['kind'],
  runAt: number,
): Omit<GatewayJobRow, 'id'> => ({
  kind,
  request_id: requestId,
  run_at: runAt,
  attempts: 0,
  body: kind === 'report' ? '{}' : null,
  device_id: null,
  created_at: 0,
});

/** A row of the webhook delivery log (ports/webhook-log.ts): a first attempt, delivered, unless `extra` says otherwise. */
export function webhookAttempt(
  botId: number,
  updateId: number,
  extra: Partial<NewWebhookAttempt> = {},
): NewWebhookAttempt {
  return {
    bot_id: botId,
    update_id: updateId,
    update_type: 'message',
    queue_key: 'c1',
    url: 'http://127.0.0.1:9/hook',
    attempt: 1,
    request_bytes: 40,
    status_code: 200,
    error: null,
    outcome: 'delivered',
    duration_ms: 3,
    created_at: 1000,
    next_attempt_at: null,
    payload: null,
    ...extra,
  };
}
