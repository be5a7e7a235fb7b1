/**
 * Which message an edit or delete names: chat_id and message_id; for the edits that support inline
 * messages (text, caption, media, reply markup, live locations, game scores), inline_message_id
 * instead (readEditRef).
 */
import { botApiError } from './errors.js';
import type { MethodContext } from './method-context.js';
import { targetChatId } from './send-options.js';
import type { UserRow } from '../storage/store.js';
import type { EditRef } from '../platform/messages/message-edits.js';

export interface EditTarget {
  bot: UserRow;
  chatId: number;
  messageId: number;
}

export async function readEditTarget(ctx: MethodContext): Promise<EditTarget> {
  const { params, platform, botId } = ctx;
  if (params.string('inline_message_id') !== undefined && params.string('chat_id') === undefined) {
    throw botApiError('MESSAGE_ID_INVALID');
  }
  const chatId = await targetChatId(ctx);
  const messageId = params.int('message_id') ?? 0;
  if (messageId <= 0) throw botApiError('MESSAGE_IDENTIFIER_NOT_SPECIFIED');
  return { bot: await platform.users.resolve(botId, 'bot'), chatId, messageId };
}

/**
 * chat_id and message_id, or without them inline_message_id (the reference's choice: an inline
 * message is named when chat_id is empty and message_id is not a positive number). Without any of
 * them the reference asks for the inline message's id: "message identifier is not specified"
 * (Client.cpp get_inline_message_id).
 */
export async function readEditRef(ctx: MethodContext): Promise<{ bot: UserRow; ref: EditRef }> {
  const { params, platform, botId } = ctx;
  const inlineMessageId = params.string('inline_message_id');
  const named = params.string('chat_id') !== undefined || (params.int('message_id') ?? 0) > 0;
  if (!named) {
    if (inlineMessageId === undefined) throw botApiError('MESSAGE_IDENTIFIER_NOT_SPECIFIED');
    return { bot: await platform.users.resolve(botId, 'bot'), ref: { inlineMessageId } };
  }
  const target = await readEditTarget(ctx);
  return { bot: target.bot, ref: { chatId: target.chatId, messageId: target.messageId } };
}
