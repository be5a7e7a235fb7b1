/**
 * The Stars subscriptions a person pays to bots, in the web client (ADR 0078, 0090): listed per bot
 * of the person's private chats, canceled and re-enabled through the same platform calls as the
 * control API (the bot gets its `subscription` update).
 */
import { CHAT_LIST_LIMIT } from '../../platform/people/chat-list.js';
import { text, type WebContext } from '../web-context.js';
import { userView } from './me.js';

/**
 * GET /web/api/subscriptions: the person's subscriptions whose paid period runs, each with its
 * `bot`, bot by bot in the order of the person's chats. A subscription is paid in the private chat
 * with its bot (the invoice's successful_payment is there), so the bots of those chats are all.
 */
export async function listSubscriptions({ platform, session }: WebContext) {
  const { store } = platform.deps;
  const listed = [];
  for (const row of await store.listUserChats(session.userId, CHAT_LIST_LIMIT)) {
    if (row.type !== 'private') continue;
    const other = await store.getUser(row.user_a === session.userId ? row.user_b! : row.user_a!);
    if (!other?.is_bot) continue;
    for (const subscription of await platform.payments.personSubscriptions.list(session.userId, other.id)) {
      listed.push({ bot: userView(other), ...subscription });
    }
  }
  return listed;
}

/** POST /web/api/subscriptions/cancel {bot, charge_id?}: not renewed; it ends with its period. */
export async function cancelSubscription({ platform, session, input }: WebContext) {
  return platform.payments.personSubscriptions.cancel(
    session.userId,
    text(input, 'bot', true),
    text(input, 'charge_id'),
  );
}

/** POST /web/api/subscriptions/reactivate {bot, charge_id?}: a canceled subscription renews again. */
export async function reactivateSubscription({ platform, session, input }: WebContext) {
  return platform.payments.personSubscriptions.reactivate(
    session.userId,
    text(input, 'bot', true),
    text(input, 'charge_id'),
  );
}
