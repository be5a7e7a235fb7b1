/** Rows the contract suites start from. */
import type { BotRow, UpdateRow, UserRow } from '../store.js';

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
