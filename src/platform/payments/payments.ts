/**
 * Payments (ADR 0043): invoices and invoice links, a person paying them, the bot's answers to the
 * shipping and pre-checkout queries, refunds of Stars payments, and the bot's Stars. The one
 * object the surfaces call (`platform.payments`); the Stars ledger is `platform.stars`.
 */
import type { PaymentsContext } from './invoices.js';
import { Invoices } from './invoices.js';
import { Checkout } from './checkout.js';
import { PaymentAnswers } from './payment-answers.js';
import { Refunds } from './refunds.js';
import { Subscriptions } from './subscriptions.js';
import { PersonSubscriptions } from './person-subscriptions.js';
import { TEST_PROVIDERS, type TestProvider } from './invoice-rules.js';
import { payToJoin } from './chat-subscriptions.js';
import type { InviteLinks } from '../chats/invite-links.js';
import type { TimedJobs } from '../core/timed-jobs.js';

export class Payments {
  readonly invoices: Invoices;
  readonly checkout: Checkout;
  readonly answers: PaymentAnswers;
  readonly refunds: Refunds;
  readonly subscriptions: Subscriptions;
  /** A person's own subscriptions to bots: listing, canceling, re-enabling (ADR 0078). */
  readonly personSubscriptions: PersonSubscriptions;

  /**
   * `inviteLinks` and `timedJobs`: the kernel's, where subscription links register their charge and
   * subscriptions their renewals (ADR 0111).
   */
  constructor(ctx: PaymentsContext, inviteLinks: InviteLinks, timedJobs: TimedJobs) {
    inviteLinks.setJoinCharge((tx, chat, user, link) => payToJoin(ctx, tx, chat, user, link));
    this.invoices = new Invoices(ctx);
    this.checkout = new Checkout(ctx, this.invoices);
    this.answers = new PaymentAnswers(ctx);
    this.refunds = new Refunds(ctx);
    this.subscriptions = new Subscriptions(ctx, timedJobs);
    this.personSubscriptions = new PersonSubscriptions(ctx);
  }

  /** The test payment providers whose tokens bots pass as provider_token. */
  providers(): TestProvider[] {
    return TEST_PROVIDERS.map((provider) => ({ ...provider }));
  }
}
