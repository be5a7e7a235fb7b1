/**
 * The queries a bot answers while a person pays, as stored (ports/payments.ts), and waiting for
 * the answer on the virtual clock.
 *
 * A query's life: created unanswered -> answered by the bot (answerShippingQuery,
 * answerPreCheckoutQuery) or expired by the person's wait running out, whichever is recorded
 * first (`answerPaymentQuery` records one answer only). An answer to an expired query is refused
 * (QUERY_INVALID), so a late "ok" charges nothing.
 */
import { sleepUntil } from '../core/clock.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { WireMessage } from '../core/wire-types.js';
import type { LabeledPrice, ShippingAddress } from './invoice-rules.js';
import type { PaymentQueryRow } from '../../storage/store.js';

/** The bot must answer a pre-checkout query within 10 s (spec answerPreCheckoutQuery). */
export const PRE_CHECKOUT_SECONDS = 10;

export interface OrderInfo {
  name?: string;
  phone_number?: string;
  email?: string;
  shipping_address?: ShippingAddress;
}

export interface ShippingOption {
  id: string;
  title: string;
  prices: LabeledPrice[];
}

/** What a query row's `data` holds. */
export interface QueryData {
  invoice_payload: string;
  currency: string;
  /** Prices, the chosen shipping option's prices and the tip, in minor units (or Stars). */
  total_amount: number;
  tip: number;
  shipping_option_id?: string;
  order_info?: OrderInfo;
  /** Virtual time (ms) by which the bot must answer. */
  deadline_ms: number;
}

/** A query's answer as stored. */
export type QueryAnswer =
  | { expired: true }
  | { ok: true; shipping_options: ShippingOption[] }
  | { ok: false; error_message: string }
  | { ok: true; outcome: 'paid'; charge_id: string; chat_pk: number; message_id: number }
  | { ok: true; outcome: 'declined' | 'failed'; error_message: string };

/** What the person's client shows at the end of a payment (control API `pay`). */
export interface PayResult {
  status: 'paid' | 'declined' | 'failed';
  error_message?: string;
  /** The successful_payment service message as the person sees it. */
  message?: WireMessage;
  telegram_payment_charge_id?: string;
}

/**
 * Waits until the query is answered or the virtual clock reaches `deadlineMs` (real time moves it
 * too; an advance of the clock ends the wait at once). Answers the row as last read.
 */
export async function waitForAnswer(
  deps: PlatformDeps,
  id: string,
  deadlineMs: number,
  signal?: AbortSignal,
): Promise<PaymentQueryRow | undefined> {
  const { store, bus, clock } = deps;
  for (;;) {
    let wake!: () => void;
    const woken = new Promise<void>((resolve) => (wake = resolve));
    const offEvent = bus.onKey('payment.answered', id, () => wake());
    const offResumed = bus.on('events.resumed', () => wake());
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const row = await store.getPaymentQuery(id);
      if (!row || row.answer !== null) return row;
      if (clock.nowMs() >= deadlineMs || signal?.aborted) return row;
      await Promise.race([woken, sleepUntil(clock, deadlineMs, stop.signal)]);
    } finally {
      stop.abort();
      signal?.removeEventListener('abort', onAbort);
      offEvent();
      offResumed();
    }
  }
}

/**
 * Ends a wait that ran out: records the query as expired unless the bot's answer got there first.
 * Answers the answer that holds.
 */
export async function expireOrRead(deps: PlatformDeps, id: string): Promise<QueryAnswer | undefined> {
  const { store, clock, bus } = deps;
  const expired = await store.write(async (tx) =>
    tx.answerPaymentQuery(id, JSON.stringify({ expired: true }), clock.now()),
  );
  if (expired) {
    bus.emit('payment.answered', { id });
    return { expired: true };
  }
  const row = await store.getPaymentQuery(id);
  return row?.answer ? (JSON.parse(row.answer) as QueryAnswer) : undefined;
}
