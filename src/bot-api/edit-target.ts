/**
 * Which message an edit or delete names: chat_id and message_id (inline messages, named by
 * inline_message_id, do not exist on Parley yet).
 */
import { botApiError } from './errors.js';
import type { MethodContext } from './method-context.js';
import { targetChatId } from './send-options.js';
import type { UserRow } from '../storage/store.js';

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
