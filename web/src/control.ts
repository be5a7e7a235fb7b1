/** The control API (<root>/control: paths.ts), for the operator's inspector, with the admin token (ADR 0055). */
import { request } from './api.js';
import { followStream } from './sse.js';
import { API_ROOT, CONTROL_ROOT } from './paths.js';

const TOKEN_KEY = 'parley.admin';

export const admin = {
  get token(): string | null {
    return sessionStorage.getItem(TOKEN_KEY);
  },
  set token(value: string | null) {
    if (value === null) sessionStorage.removeItem(TOKEN_KEY);
    else sessionStorage.setItem(TOKEN_KEY, value);
  },
};

function control<T>(method: 'GET' | 'POST', path: string, input: Record<string, unknown> = {}): Promise<T> {
  return request<T>(CONTROL_ROOT, admin.token ?? '', method, path, input);
}

export interface BotSummary {
  id: number;
  first_name: string;
  username: string;
  pending_update_count: number;
  webhook: { url?: string; last_error_date?: number; last_error_message?: string; [key: string]: unknown };
}

export interface PendingUpdate {
  update_id: number;
  type: string;
  date: number;
  attempts: number;
  next_attempt_date?: number;
  update: Record<string, unknown>;
}

export interface GatewayAccount {
  id: number;
  owner: { user_id: number; phone_number: string };
  balance: number;
  default_price: number;
  created_at: number;
}

export interface VerificationRequest {
  request_id: string;
  phone_number: string;
  cost: number;
  is_refunded: boolean;
  created_at: number;
  delivery_status?: string;
  verification_status?: string;
  code?: string;
  sender_username?: string;
  [key: string]: unknown;
}

export interface DeliveryAttempt {
  id: number;
  request_id: string;
  attempt: number;
  url: string;
  signature: string;
  body: string;
  status_code?: number;
  error?: string;
  outcome: string;
  date: number;
}

export interface LedgerEntry {
  id: number;
  kind: string;
  amount: number;
  balance_after: number;
  request_id?: string;
  created_at: number;
}

export interface WebhookAttempt {
  id: number;
  update_id: number;
  update_type: string;
  attempt: number;
  url: string;
  status_code?: number;
  error?: string;
  outcome: string;
  duration_ms: number;
  date: number;
  body?: string;
}

export interface FaultRule {
  id: number;
  surface: string;
  method?: string;
  status?: number;
  latency_ms?: number;
  drop?: boolean;
  times?: number;
  calls?: number;
  until?: number;
  probability?: number;
}

/** One event of the timeline (GET /control/timeline, ADR 0099). */
export interface TimelineEvent {
  id: number;
  at_ms: number;
  kind: string;
  name: string;
  bot_id?: number;
  chat_id?: number;
  person_id?: number;
  status: string;
  summary: string;
  duration_ms?: number;
  request?: string;
  answer?: string;
}

export interface TimelineQuery {
  bot?: string;
  chat?: number;
  person?: string;
  kind?: string;
  status?: string;
  q?: string;
  before?: number;
  limit?: number;
}

export const controlApi = {
  timeline: (query: TimelineQuery) =>
    control<{ events: TimelineEvent[]; next_cursor?: number; last_id: number }>('GET', '/timeline', {
      ...query,
    }),
  deliveries: (bot: number) =>
    control<{ attempts: WebhookAttempt[]; pending: unknown[] }>('GET', '/webhooks/deliveries', {
      bot,
      limit: 50,
    }),
  replay: (bot: number, update_id: number) =>
    control<{ mode: string }>('POST', '/webhooks/replay', { bot, update_id }),
  faults: (bot: number) => control<FaultRule[]>('GET', '/faults', { bot }),
  bots: () => control<BotSummary[]>('GET', '/bots'),
  updates: (bot: number) => control<PendingUpdate[]>('GET', `/bots/${bot}/updates`),
  accounts: () => control<GatewayAccount[]>('GET', '/gateway/accounts'),
  requests: (account: number) => control<VerificationRequest[]>('GET', '/gateway/requests', { account }),
  deliveryLog: (account: number) =>
    control<{ attempts: DeliveryAttempt[]; pending: unknown[] }>('GET', '/gateway/delivery-log', { account }),
  ledger: (account: number) => control<LedgerEntry[]>('GET', `/gateway/accounts/${account}/ledger`),
  clock: () => control<{ now: number; offset_seconds: number }>('GET', '/clock'),
  advance: (seconds: number) =>
    control<{ now: number; offset_seconds: number }>('POST', '/clock/advance', { seconds }),
};

/** In the local profile a page on loopback is handed the admin token; elsewhere it is pasted. */
export async function fetchLocalAdminToken(): Promise<string | null> {
  const response = await fetch(`${API_ROOT}/inspector/token`);
  if (!response.ok) return null;
  const answer = (await response.json()) as { ok: boolean; result?: { admin_token: string } };
  return answer.result?.admin_token ?? null;
}

/** Follows the inspector's event stream; calls `onChanged` with the area that changed. */
export function followInspector(onChanged: (area: string) => void): () => void {
  return followStream(
    `${API_ROOT}/inspector/events`,
    () => admin.token,
    (event, data) => {
      if (event === 'changed') onChanged((data as { area: string }).area);
    },
    () => onChanged('all'),
  );
}
