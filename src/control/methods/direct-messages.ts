import type { RouteContext } from '../control-context.js';
import type { Platform } from '../../platform/assembly/platform.js';
import type { ChatRow } from '../../storage/store.js';

/** The DirectMessagesChat answer of the routes below (ADR 0053). */
async function record(platform: Platform, chat: ChatRow) {
  const { store } = platform.deps;
  const channel = (await store.getChat(chat.parent_pk!))!;
  const link = await store.getDirectMessagesChat(channel.pk);
  return {
    id: chat.id!,
    type: 'supergroup' as const,
    title: chat.title ?? '',
    is_direct_messages: true as const,
    parent_chat: await platform.chats.render(store, channel, 0),
    enabled: link?.enabled === 1,
    channel_star_balance: await platform.suggestedPosts.channelBalance(channel),
  };
}

/** POST /control/channels/direct-messages: the owner turns a channel's direct messages on or off. */
export async function enableDirectMessages({ platform, input }: RouteContext<'enableDirectMessages'>) {
  const chat = await platform.suggestedPosts.directMessages.enable(input.by, input.chat, input.enabled);
  return record(platform, chat);
}

/** GET /control/channels/direct-messages: a channel's direct-messages chat and the channel's Stars. */
export async function getDirectMessages({ platform, input }: RouteContext<'getDirectMessages'>) {
  const { chat } = await platform.suggestedPosts.directMessages.lookup(input.chat);
  return record(platform, chat);
}

/** POST /control/direct-messages: a person writes to a channel's direct messages. */
export async function sendDirectMessage({ platform, input }: RouteContext<'sendDirectMessage'>) {
  return platform.suggestedPosts.directMessages.send(input.user, input.chat, input.text);
}

/** POST /control/direct-messages/suggest: a person suggests a post, with a price in Stars. */
export async function suggestPost({ platform, input }: RouteContext<'suggestPost'>) {
  return platform.suggestedPosts.directMessages.send(input.user, input.chat, input.text, {
    ...(input.amount !== undefined ? { price: { currency: input.currency, amount: input.amount } } : {}),
    ...(input.send_date !== undefined ? { send_date: input.send_date } : {}),
  });
}
