/** chat_id and message_id of the pin methods, checked in the reference's order. */
import { botApiError } from './errors.js';
import type { MethodContext } from './method-context.js';
import { targetChatId } from './send-options.js';
import type { UserRow } from '../storage/store.js';

export async function pinTarget(ctx: MethodContext): Promise<{ bot: UserRow; chatId: number }> {
  const { params, platform, botId } = ctx;
  if (params.string('business_connection_id') !== undefined) {
    throw botApiError('BUSINESS_CONNECTION_NOT_FOUND');
  }
  if (params.string('chat_id') === undefined) throw botApiError('PARAMETER_EMPTY', { name: 'chat_id' });
  const chatId = await targetChatId(ctx);
  return { bot: await platform.users.resolve(botId, 'bot'), chatId };
}
