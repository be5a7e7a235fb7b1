import { defineMethod } from '../define-method.js';
import { botApiError } from '../errors.js';
import { targetChatId } from '../send-options.js';

/** deleteMessages: 1-100 message ids at once; missing ones are skipped. reference §6.3. */
export const deleteMessages = defineMethod('deleteMessages', async (ctx) => {
  const { params, platform, botId } = ctx;
  // message_ids is JSON: read by its own reader ("can't parse message identifiers JSON object").
  const ids = params.parsedJson('message_ids', 'message identifiers');
  if (!Array.isArray(ids) || ids.length === 0) throw botApiError('MESSAGE_IDENTIFIERS_NOT_SPECIFIED');
  if (ids.length > 100) throw botApiError('TOO_MANY_MESSAGE_IDENTIFIERS_TO_DELETE');
  const messageIds = ids.map((id: unknown) => {
    if (typeof id !== 'number' && !(typeof id === 'string' && /^\d+$/.test(id))) {
      throw botApiError('MESSAGE_IDENTIFIER_NOT_AN_INTEGER');
    }
    return Number(id);
  });
  const chatId = await targetChatId(ctx);
  const bot = await platform.users.resolve(botId, 'bot');
  await platform.edits.deleteManyByBot(bot, chatId, messageIds);
  return true;
});
