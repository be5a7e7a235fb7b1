import { botInChat } from '../chat-params.js';
import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';

/**
 * A canonical 64-bit integer, as TDLib's to_integer_safe takes it (no sign but '-', no leading
 * zeros, no spaces); undefined otherwise, and for an absent or empty value.
 */
function strictInteger(text: string | undefined): number | undefined {
  if (text === undefined || !/^-?\d+$/.test(text)) return undefined;
  const value = BigInt(text);
  if (String(value) !== text || value < -(2n ** 63n) || value >= 2n ** 63n) return undefined;
  return Number(value);
}

/**
 * sender_chat_id, read strictly as the reference does (§1.4): "sender_chat_id is not a valid Integer".
 * Not ctx.values.sender_chat_id, which reads it leniently ("12abc" would be 12).
 */
export function readSenderChatId({ params }: MethodContext): number {
  const id = strictInteger(params.string('sender_chat_id'));
  if (id === undefined) throw botApiError('SENDER_CHAT_ID_INVALID');
  return id;
}

/**
 * banChatSenderChat: in a supergroup or channel where the bot has can_restrict_members, bans a
 * channel: until unbanChatSenderChat nobody writes as it there, nor as any channel of its owner
 * (spec banChatSenderChat; platform/chats/sender-chats.ts, ADR 0052).
 */
export const banChatSenderChat = defineMethod('banChatSenderChat', async (ctx) => {
  const senderChatId = readSenderChatId(ctx);
  const acting = await botInChat(ctx);
  await ctx.platform.senderChats.ban(acting, senderChatId);
  return true;
});
