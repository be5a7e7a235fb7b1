/**
 * The service messages of payments (successful_payment, refunded_payment): from the person, in
 * their private chat with the bot (created if needed), stored in the caller's write and queued to
 * the bot as a `message` update; announced after the commit through `effects`.
 */
import type { Effects } from '../chats/group-context.js';
import type { MessageContent } from '../core/wire-types.js';
import type { PaymentsContext } from './invoices.js';
import type { ServiceMessageTx } from '../chats/chat-events.js';
import type { ChatRow, MessageRow, UserRow } from '../../storage/store.js';

export async function postToBot(
  ctx: PaymentsContext,
  tx: ServiceMessageTx,
  effects: Effects,
  user: UserRow,
  bot: UserRow,
  content: MessageContent,
): Promise<{ chat: ChatRow; row: MessageRow }> {
  const chat = await ctx.chats.ensurePrivate(tx, user, bot);
  const row = await ctx.messages.insertServiceMessage(tx, chat, user.id, content);
  effects.messages.push({ chat, row });
  const payload = await ctx.messages.render(tx, chat, row, bot.id);
  const queued = await ctx.updates.enqueue(tx, bot.id, {
    type: 'message',
    payload,
    queueKey: `c${payload.chat.id}`,
    date: row.date,
  });
  if (queued !== null) effects.bots.add(bot.id);
  return { chat, row };
}
