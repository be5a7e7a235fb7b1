import { botInChat } from '../chat-params.js';
import type { MethodContext } from '../method-context.js';
import { checkSubscriptionTerms } from '../../platform/payments/chat-subscriptions.js';

/**
 * createChatSubscriptionInviteLink: a channel's link that people join by paying subscription_price
 * Stars every subscription_period (2592000 s) of virtual time (can_invite_users). docs/payments.md.
 */
export async function createChatSubscriptionInviteLink(ctx: MethodContext) {
  const period = ctx.params.int('subscription_period');
  const price = ctx.params.int('subscription_price');
  checkSubscriptionTerms(period, price);
  const name = ctx.params.string('name');
  return ctx.platform.groups.inviteLinks.create(await botInChat(ctx), {
    name,
    subscription: { period: period!, price: price! },
  });
}
