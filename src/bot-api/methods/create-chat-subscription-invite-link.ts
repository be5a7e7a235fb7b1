import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';
import { checkSubscriptionTerms } from '../../platform/payments/chat-subscriptions.js';

/**
 * createChatSubscriptionInviteLink: a channel's link that people join by paying subscription_price
 * Stars every subscription_period (2592000 s) of virtual time (can_invite_users). docs/payments.md.
 */
export const createChatSubscriptionInviteLink = defineMethod(
  'createChatSubscriptionInviteLink',
  async (ctx) => {
    const { subscription_period: period, subscription_price: price, name } = ctx.values;
    checkSubscriptionTerms(period, price);
    return ctx.platform.groups.inviteLinks.create(await botInChat(ctx), {
      name,
      subscription: { period, price },
    });
  },
);
