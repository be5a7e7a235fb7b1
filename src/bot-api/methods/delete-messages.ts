import { BotApiError } from '../errors.js';
import type { MethodContext } from '../method-context.js';
import { targetChatId } from '../send-options.js';

/** deleteMessages: 1-100 message ids at once; missing ones are skipped. reference §6.3. */
export async function deleteMessages(ctx: MethodContext) {
  const { params, platform, botId } = ctx;
  const ids = params.parsedJson('message_ids', "can't parse message identifiers JSON object");
  if (!Array.isArray(ids) || ids.length === 0)
    throw BotApiError.badRequest('message identifiers are not specified');
  if (ids.length > 100) throw BotApiError.badRequest('Too many message identifiers specified');
  const messageIds = ids.map((id: unknown) => {
    if (typeof id !== 'number' && !(typeof id === 'string' && /^\d+$/.test(id))) {
      throw BotApiError.badRequest('message identifier must be an Integer');
    }
    return Number(id);
  });
  const chatId = await targetChatId(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.edits.deleteManyByBot(bot, chatId, messageIds);
  return true;
}
