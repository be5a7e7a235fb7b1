/**
 * Subscription invite links of channels (createChatSubscriptionInviteLink): a person who joins
 * through one pays its price in Stars, and again every period (subscriptions.ts renews it; a
 * renewal their Stars do not cover, or a refunded or cancelled one, removes them from the channel).
 * The Stars go to the channel's own balance (ledger owner: the chat id); the person's row names the
 * channel as a TransactionPartnerChat. The charge is made in the join's write, with a payment row
 * (bot_id: the link's creator) that carries the period.
 */
import { PlatformError } from '../core/errors.js';
import type { GroupContext } from '../chats/group-context.js';
import { StarsLedger, starsToNanos } from './stars-ledger.js';
import { SUBSCRIPTION_PERIOD } from './invoice-rules.js';
import type { ChatRow, InviteLinkRow, UserRow } from '../../storage/store.js';
import type {
  ChatSubscriptionLinkRow,
  PaymentsReader,
  PaymentsWriter,
} from '../../storage/ports/payments.js';
import type { StarsReader, StarsWriter } from '../../storage/ports/stars.js';

export const MAX_CHAT_SUBSCRIPTION_PRICE = 10_000;

/** What a payment row of a chat subscription keeps in `data`. */
export interface ChatSubscriptionData {
  kind: 'chat_subscription';
  chat_pk: number;
  link: string;
  invoice_payload: string;
}

/** The terms createChatSubscriptionInviteLink accepts (texts unverified). */
export function checkSubscriptionTerms(period: number | undefined, price: number | undefined): void {
  if (period !== SUBSCRIPTION_PERIOD) {
    throw new PlatformError('INVOICE_INVALID', 'the period must be 2592000', {
      reason: 'SUBSCRIPTION_PERIOD_INVALID',
    });
  }
  if (price === undefined || !Number.isInteger(price) || price < 1 || price > MAX_CHAT_SUBSCRIPTION_PRICE) {
    throw new PlatformError('INVOICE_INVALID', 'the price must be 1-10000 Stars', {
      reason: 'SUBSCRIPTION_PRICE_INVALID',
    });
  }
}

/**
 * Moves one period's price from the person to the channel, inside `tx`; answers the new payment's
 * charge id, or undefined when the person's Stars do not cover it.
 */
export async function chargeChatSubscription(
  ctx: GroupContext,
  tx: PaymentsWriter & StarsReader & StarsWriter,
  chat: ChatRow,
  user: UserRow,
  link: Pick<InviteLinkRow, 'link' | 'creator_id'>,
  terms: ChatSubscriptionLinkRow,
  paidUntil: number,
): Promise<string | undefined> {
  const ledger = new StarsLedger(ctx.deps, ctx.users, ctx.chats);
  const chargeId = `stx${ctx.deps.random.token(40)}`;
  const moved = await ledger.transfer(tx, {
    id: chargeId,
    from: { ownerId: user.id, partner: { type: 'chat', chat_id: chat.id! } },
    to: {
      ownerId: chat.id!,
      partner: {
        type: 'user',
        user_id: user.id,
        transaction_type: 'invoice_payment',
        subscription_period: terms.subscription_period,
      },
    },
    nanos: starsToNanos(terms.subscription_price),
  });
  if (!moved) return undefined;
  const data: ChatSubscriptionData = {
    kind: 'chat_subscription',
    chat_pk: chat.pk,
    link: link.link,
    invoice_payload: '',
  };
  await tx.insertPayment({
    charge_id: chargeId,
    bot_id: link.creator_id,
    user_id: user.id,
    invoice_id: link.link,
    currency: 'XTR',
    total_amount: terms.subscription_price,
    provider_charge_id: '',
    data: JSON.stringify(data),
    created_at: ctx.deps.clock.now(),
    refunded_at: null,
    subscription_period: terms.subscription_period,
    expires_at: paidUntil,
    is_canceled: 0,
  });
  return chargeId;
}

/**
 * Joining through a subscription link: the first period is paid in the join's write. Answers the
 * end of the period paid for (none for a link without a subscription).
 */
export async function payToJoin(
  ctx: GroupContext,
  tx: PaymentsReader & PaymentsWriter & StarsReader & StarsWriter,
  chat: ChatRow,
  user: UserRow,
  link: InviteLinkRow,
): Promise<number | undefined> {
  const terms = await tx.getChatSubscriptionLink(link.link);
  if (!terms) return undefined;
  const until = ctx.deps.clock.now() + terms.subscription_period;
  if ((await chargeChatSubscription(ctx, tx, chat, user, link, terms, until)) === undefined) {
    throw new PlatformError('BALANCE_TOO_LOW', 'not enough Stars to pay for the subscription');
  }
  return until;
}
